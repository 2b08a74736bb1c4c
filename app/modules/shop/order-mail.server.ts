// The shop's messages, queued in the caller's transaction (so a mail exists exactly when what it announces does).
import { countryName } from "~/lib/countries";
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { adminPaths } from "~/lib/admin-paths";
import { paths } from "~/lib/paths";
import { absoluteUrl } from "~/lib/seo";
import type { Database } from "~/db/client.server";
import { certificateAttachments, issueForPaidOrder } from "~/modules/certificates/certificates.server";
import { sendConfirmationCopy, sendMail } from "~/modules/mail/mail.server";
import type { OrderMailSummary } from "~/modules/mail/templates";
import type { Settings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import type { Order, OrderWithItems } from "./orders.server";
import { formatRate } from "./pricing";

function summary(order: OrderWithItems, settings: Settings): OrderMailSummary {
  const money = (cents: number) => formatPrice(cents, order.currency);
  return {
    number: order.number,
    name: order.name,
    items: order.items.map((i) => ({
      title: i.title,
      quantity: i.quantity,
      amount: money(i.unitPriceCents * i.quantity),
    })),
    subtotal: money(order.subtotalCents),
    shippingLabel: order.shippingLabel,
    shipping: order.shippingCents === 0 ? "Free" : money(order.shippingCents),
    tax:
      order.taxCents > 0
        ? { label: `${settings.shop.taxLabel} (${formatRate(order.taxRateBps)})`, amount: money(order.taxCents) }
        : undefined,
    total: money(order.totalCents),
  };
}

const trackUrl = (order: Pick<Order, "number">) =>
  `${services().config.publicUrl}${paths.trackOrder()}?number=${encodeURIComponent(order.number)}`;

export function deliveryLine(order: Order): string {
  if (order.fulfilment === "pickup") return order.shippingLabel;
  return [
    order.addressLine1,
    order.addressLine2,
    order.city,
    [order.region, order.postalCode].filter(Boolean).join(" "),
    countryName(order.country),
  ]
    .filter(Boolean)
    .join(", ");
}

/** Bank transfer: the buyer's confirmation with what to pay and how, and the artist's new-order note. */
export async function mailManualOrderPlaced(tx: Database, order: OrderWithItems, settings: Settings): Promise<void> {
  await sendConfirmationCopy(
    order.email,
    "order-placed",
    {
      ...summary(order, settings),
      instructions: settings.shop.paymentInstructions,
      reservedUntil: formatDateTime(order.reservedUntil ?? new Date(), settings.shop.timeZone),
      trackUrl: trackUrl(order),
    },
    tx,
  );
  await mailArtistNewOrder(tx, order, settings);
}

export async function mailArtistNewOrder(tx: Database, order: OrderWithItems, settings: Settings): Promise<void> {
  await sendMail(
    settings.contactEmail,
    "order-new",
    {
      ...summary(order, settings),
      email: order.email,
      phone: order.phone,
      delivery: deliveryLine(order),
      payment:
        order.provider === "stripe"
          ? "paid by card (Stripe)"
          : `bank transfer, awaiting payment (reserved until ${formatDateTime(order.reservedUntil ?? new Date(), settings.shop.timeZone)})`,
      adminUrl: absoluteUrl(services().config.publicUrl, adminPaths.order(order.id)),
    },
    tx,
  );
}

/**
 * Payment received: the works' certificates of authenticity are issued in the same transaction and attached (their
 * PDFs are drawn when the message is delivered).
 * For a card payment this is also the artist's new-order note (unpaid card checkouts are not news).
 */
export async function mailOrderPaid(tx: Database, order: OrderWithItems, settings: Settings): Promise<void> {
  const { certificates } = await issueForPaidOrder(tx, order, settings);
  await sendMail(
    order.email,
    "order-paid",
    {
      ...summary(order, settings),
      pickup: order.fulfilment === "pickup",
      trackUrl: trackUrl(order),
      certificates: certificates.map((c) => c.number),
    },
    tx,
    certificateAttachments(certificates),
  );
  if (order.provider === "stripe") await mailArtistNewOrder(tx, order, settings);
}

export async function mailOrderShipped(tx: Database, order: Order): Promise<void> {
  await sendMail(
    order.email,
    "order-shipped",
    {
      number: order.number,
      name: order.name,
      carrier: order.carrier ?? "",
      trackingNumber: order.trackingNumber ?? "",
      trackingUrl: order.trackingUrl ?? undefined,
      trackUrl: trackUrl(order),
    },
    tx,
  );
}
