import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/modules/invoices/invoice-rules";

const TONES: Record<InvoiceStatus, string> = {
  draft: "bg-paper-deep text-ink-soft",
  sent: "bg-accent-soft text-accent",
  paid: "bg-available/10 text-available",
  void: "bg-sold/10 text-sold line-through",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {INVOICE_STATUS_LABELS[status]}
    </span>
  );
}
