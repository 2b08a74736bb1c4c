// A certificate as a PDF download for the artist (a revoked one too, marked revoked across its top).
import type { Route } from "./+types/certificate-pdf";
import { findOr404 } from "~/components/admin/find-or-404";
import { requireAdmin } from "~/modules/auth/session.server";
import { certificateFileName, getCertificate, renderCertificatePdf } from "~/modules/certificates/certificates.server";
import { pdfDownload } from "~/modules/documents/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const certificate = await findOr404(params.id, getCertificate, "Certificate not found");
  return pdfDownload(await renderCertificatePdf(certificate), certificateFileName(certificate));
}
