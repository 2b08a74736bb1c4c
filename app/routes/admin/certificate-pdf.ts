// A certificate as a PDF download for the artist (a revoked one too, marked revoked across its top).
import { data } from "react-router";
import type { Route } from "./+types/certificate-pdf";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { certificateFileName, getCertificate, renderCertificatePdf } from "~/modules/certificates/certificates.server";
import { pdfDownload } from "~/modules/documents/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const certificate = isUuid(params.id) ? await getCertificate(params.id) : undefined;
  if (!certificate) throw data("Certificate not found", { status: 404 });
  const pdf = await renderCertificatePdf(certificate);
  return pdfDownload(pdf, certificateFileName(certificate));
}
