import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { ORDER_STATUS_LABELS, type OrderStatus } from "~/modules/shop/order-status";

const TONES: Record<OrderStatus, Tone> = {
  awaiting_payment: "accent",
  paid: "success",
  shipped: "neutral",
  delivered: "neutral",
  cancelled: "muted",
  refunded: "danger",
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <StatusBadge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}
