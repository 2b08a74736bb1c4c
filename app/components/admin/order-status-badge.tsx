import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/shop/order-status";

const TONES: Record<OrderStatus, string> = {
  awaiting_payment: "bg-accent-soft text-accent",
  paid: "bg-available/10 text-available",
  shipped: "bg-ink/5 text-ink",
  delivered: "bg-ink/5 text-ink-soft",
  cancelled: "bg-paper-deep text-muted",
  refunded: "bg-sold/10 text-sold",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ${TONES[status]}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
