// GET /certificates/{token}: a buyer's certificate PDF. The token is signed by the server and handed out only
// by pages that showed the buyer the order (tracking, /account); a forged or revoked one is a 404.
import { data } from "react-router";
import type { Route } from "./+types/certificate-download";
import {
  certificateFileName,
  certificateForDownload,
  renderCertificatePdf,
} from "~/modules/certificates/certificates.server";
import { pdfDownload } from "~/modules/documents/download.server";

export async function loader({ params }: Route.LoaderArgs) {
  const certificate = await certificateForDownload(params.token);
  if (!certificate) throw data("No certificate can be downloaded with this link.", { status: 404 });
  const pdf = await renderCertificatePdf(certificate);
  return pdfDownload(pdf, certificateFileName(certificate), { "x-robots-tag": "noindex" });
}
