import { useEffect, type ReactNode } from "react";
import { Link, useRevalidator } from "react-router";
import type { Route } from "./+types/order-confirmation";
import { buttonClass } from "~/components/ui/button";
import { useCart } from "~/components/site/cart-provider";
import { OrderSummary } from "~/components/site/checkout/order-summary";
import { OrderTimeline } from "~/components/site/order-timeline";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { getSettings } from "~/modules/settings/settings.server";
import { buyerOrderIds } from "~/modules/shop/order-access.server";
import { buyerView } from "~/modules/shop/order-view.server";
import { orderForBuyer } from "~/modules/shop/orders.server";
import { PageHeading } from "~/components/site/page-intro";

// A private step of an order: reachable, never indexed.
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Order confirmation", { path: paths.orderConfirmation() });

export const headers: Route.HeadersFunction = () => ({ "cache-control": "private, no-store" });

/** Only the browser that placed the order sees it (signed cookie); anyone else gets the same neutral page. */
export async function loader({ request }: Route.LoaderArgs) {
  const number = new URL(request.url).searchParams.get("order") ?? "";
  const found = number ? await orderForBuyer(number, await buyerOrderIds(request)) : undefined;
  if (!found) return { order: null };
  return { order: buyerView(found, await getSettings()) };
}

export default function OrderConfirmation({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const cart = useCart();
  const revalidator = useRevalidator();
  const orderedIds = order?.items.map((i) => i.artworkId).join(",") ?? "";
  const { remove, hydrated } = cart;

  // The ordered works leave the cart (once it has been read from storage).
  useEffect(() => {
    if (!hydrated) return;
    for (const id of orderedIds.split(",")) if (id) remove(id);
  }, [orderedIds, remove, hydrated]);

  // Back from the card payment page, Stripe's confirmation may be a moment behind: look again for a minute.
  const waitingForCard = order?.provider === "stripe" && order.status === "awaiting_payment";
  const { revalidate } = revalidator;
  useEffect(() => {
    if (!waitingForCard) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (++tries > 30) clearInterval(timer);
      else void revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waitingForCard, revalidate]);

  if (!order) {
    return (
      <div className="container-page py-12 md:py-20">
        <PageHeading
          eyebrow="Orders"
          title="Order confirmation"
          lead="There is no order confirmation to show here. The confirmation of an order is shown only in the browser it was placed from; it was also sent by e-mail."
        />
        <Link to={paths.trackOrder()} className={`${buttonClass("primary")} mt-10`}>
          Track an order
        </Link>
      </div>
    );
  }

  return (
    <div className="container-page py-12 md:py-20">
      <header className="max-w-2xl">
        <p className="eyebrow">Thank you</p>
        <h1 className="mt-3 text-4xl md:text-5xl">
          {order.status === "cancelled" ? "Order cancelled" : "Thank you for your order"}
        </h1>
        <p className="mt-5 text-lg">
          Order number <strong className="font-serif text-2xl font-normal tracking-wide">{order.number}</strong>
        </p>
        <p className="text-muted mt-2">
          A confirmation has been sent to {order.email}. Keep the order number: with your e-mail it lets you follow your
          order.
        </p>
      </header>
      <div className="mt-12 grid gap-12 md:grid-cols-12 md:gap-16">
        <div className="space-y-10 md:col-span-7">
          <NextSteps order={order} />
          <section aria-labelledby="status-heading">
            <h2 id="status-heading" className="mb-5 text-2xl">
              Status: {order.statusLabel}
            </h2>
            <OrderTimeline order={order} />
          </section>
          <section aria-labelledby="delivery-heading" className="text-sm">
            <h2 id="delivery-heading" className="mb-3 text-2xl">
              {order.fulfilment === "pickup" ? "Collection" : "Delivery"}
            </h2>
            <p className="text-ink-soft">{order.name}</p>
            <p className="text-ink-soft">{order.delivery}</p>
          </section>
          <Link to={paths.trackOrderFor(order.number)} className={buttonClass("secondary")}>
            Track this order
          </Link>
        </div>
        <div className="md:col-span-5">
          <OrderSummary lines={order.items} totals={order.totals} taxLabel={order.taxLabel} currency={order.currency} />
        </div>
      </div>
    </div>
  );
}

function NextSteps({ order }: { order: NonNullable<Route.ComponentProps["loaderData"]["order"]> }) {
  const total = formatPrice(order.totals.totalCents, order.currency);
  if (order.status === "awaiting_payment" && order.provider === "manual") {
    return (
      <NextStep bar="border-ink" title="Next: your payment">
        <ol className="text-ink-soft mt-4 list-decimal space-y-3 pl-5 leading-relaxed">
          <li>
            Pay <strong className="text-ink">{total}</strong> by bank transfer, quoting{" "}
            <strong className="text-ink">{order.number}</strong> as the reference. {order.paymentInstructions}
          </li>
          <li>
            The works are reserved for you until {order.reservedUntil}. We confirm by e-mail as soon as your payment
            arrives.
          </li>
          <li>
            {order.fulfilment === "pickup"
              ? "We then e-mail you to arrange a time to collect your painting from the studio."
              : "We then pack your painting with care and ship it insured; you receive the tracking number by e-mail."}
          </li>
        </ol>
      </NextStep>
    );
  }
  if (order.status === "awaiting_payment") {
    return (
      <NextStep bar="border-ink" title="Confirming your payment" live>
        <p className="text-ink-soft mt-4 leading-relaxed">
          We are waiting for the card payment to be confirmed; this page updates by itself. The works are reserved for
          you until {order.reservedUntil}.
        </p>
        {order.paymentUrl ? (
          <a href={order.paymentUrl} className={`${buttonClass("secondary")} mt-5`}>
            Return to the payment page
          </a>
        ) : null}
      </NextStep>
    );
  }
  if (order.status === "cancelled" || order.status === "refunded") {
    return (
      <NextStep
        bar="border-sold"
        title={order.status === "cancelled" ? "This order was cancelled" : "This order was refunded"}
      >
        <p className="text-ink-soft mt-4 leading-relaxed">
          {order.ended?.note || "Nothing more is due."} Questions? Reply to the confirmation e-mail.
        </p>
      </NextStep>
    );
  }
  return (
    <NextStep bar="border-available" title="Payment received">
      <p className="text-ink-soft mt-4 leading-relaxed">
        {order.fulfilment === "pickup"
          ? "Thank you. We will e-mail you to arrange a time to collect your painting from the studio."
          : "Thank you. Your painting is being packed with care; you will receive the tracking number by e-mail when it ships."}
      </p>
    </NextStep>
  );
}

/** What happens next, under a heading, beside a bar in the colour of the order's state (`live`: it updates). */
function NextStep({
  bar,
  title,
  live = false,
  children,
}: {
  bar: "border-ink" | "border-sold" | "border-available";
  title: string;
  live?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby="next-heading"
      className={`${bar} border-l-2 pl-6`}
      aria-live={live ? "polite" : undefined}
    >
      <h2 id="next-heading" className="text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}
