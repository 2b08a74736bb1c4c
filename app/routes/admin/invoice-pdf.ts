// An invoice as a PDF download (pdf-lib, drawn on the server).
import { data } from "react-router";
import type { Route } from "./+types/invoice-pdf";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { getInvoice, invoiceFileName, renderInvoicePdf } from "~/modules/invoices/invoices.server";
import { pdfDownload } from "~/modules/documents/download.server";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const invoice = isUuid(params.id) ? await getInvoice(params.id) : undefined;
  if (!invoice) throw data("Invoice not found", { status: 404 });
  const pdf = await renderInvoicePdf(invoice);
  return pdfDownload(pdf, invoiceFileName(invoice));
}
