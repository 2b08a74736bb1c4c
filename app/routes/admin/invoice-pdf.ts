// An invoice as a PDF download (pdf-lib, drawn on the server).
import type { Route } from "./+types/invoice-pdf";
import { findOr404 } from "~/components/admin/find-or-404";
import { requireAdmin } from "~/modules/auth/session.server";
import { getInvoice, invoiceFileName, renderInvoicePdf } from "~/modules/invoices/invoices.server";
import { pdfDownload } from "~/modules/documents/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const invoice = await findOr404(params.id, getInvoice, "Invoice not found");
  return pdfDownload(await renderInvoicePdf(invoice), invoiceFileName(invoice));
}
