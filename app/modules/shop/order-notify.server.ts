// The artist's live note of a new order (the header's bell): a bank-transfer order when it is placed, a
// card order when Stripe reports it paid (unpaid card checkouts are not news). Sent after the commit.
import { getOrder } from "./orders.server";
import { formatPrice } from "~/lib/money";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { adminPaths } from "~/lib/admin-paths";

export async function notifyArtistOfOrder(orderId: string): Promise<void> {
  const order = await getOrder(orderId);
  if (!order) return;
  const works = order.items.map((item) => item.title).join(", ");
  await notifyAdmins({
    type: "success",
    priority: "high",
    title: `New order ${order.number}`,
    message: `${order.name} · ${formatPrice(order.totalCents, order.currency)} · ${works}${
      order.provider === "manual" ? " · awaiting payment" : " · paid"
    }`,
    link: adminPaths.order(order.id),
  });
}
