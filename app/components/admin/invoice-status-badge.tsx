import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { INVOICE_STATUS_LABELS, type InvoiceStatus } from "~/modules/invoices/invoice-rules";

const TONES: Record<InvoiceStatus, Tone> = {
  draft: "muted",
  sent: "accent",
  paid: "success",
  void: "danger",
  refunded: "danger",
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <StatusBadge tone={TONES[status]} struck={status === "void"}>
      {INVOICE_STATUS_LABELS[status]}
    </StatusBadge>
  );
}
