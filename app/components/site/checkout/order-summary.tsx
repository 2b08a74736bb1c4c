import { formatPrice } from "~/lib/money";
import { formatRate, type OrderLine, type Totals } from "~/modules/shop/pricing";
import { LineNotice, LineThumbnail } from "../cart-line-parts";

export interface SummaryLine extends OrderLine {
  /** Sold or reserved since it was added: not part of this order. */
  unavailable?: boolean;
  /** The price it had when added, when it has changed since. */
  previousPriceCents?: number;
}

/** The works of an order and what it costs; `totals` undefined while shipping cannot be priced yet. */
export function OrderSummary({
  lines,
  totals,
  taxLabel,
  currency = "USD",
  pending = false,
  notice,
  headingLevel = 2,
}: {
  lines: SummaryLine[];
  totals: Totals | undefined;
  taxLabel: string;
  currency?: string;
  /** Prices are being re-checked on the server. */
  pending?: boolean;
  /** A sentence about the prices shown (the cart could not be checked just now). */
  notice?: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  const money = (cents: number) => formatPrice(cents, currency);
  return (
    <section aria-labelledby="order-summary-heading" className="bg-paper-deep p-6 md:p-8">
      <Heading id="order-summary-heading" className="text-2xl">
        Order summary
      </Heading>
      {notice ? (
        <p role="status" className="text-ink-soft mt-3 text-sm">
          {notice}
        </p>
      ) : null}
      <ul className="divide-line mt-6 divide-y">
        {lines.map((line) => (
          <li key={line.id} className="flex gap-4 py-4 first:pt-0">
            <LineThumbnail image={line.image} unavailable={Boolean(line.unavailable)} frame="bg-white" />
            <div className="min-w-0 flex-1">
              <p className={`font-serif leading-snug ${line.unavailable ? "text-muted line-through" : ""}`}>
                {line.title}
              </p>
              <p className="text-muted mt-0.5 text-xs">{line.details}</p>
              {line.quantity > 1 ? <p className="text-muted mt-0.5 text-xs">Quantity {line.quantity}</p> : null}
              <LineNotice
                unavailable={Boolean(line.unavailable)}
                previousPriceCents={line.previousPriceCents}
                priceCents={line.unitPriceCents}
                currency={currency}
                className="mt-1 text-sm"
              />
            </div>
            <p className="shrink-0 text-sm">{line.unavailable ? "" : money(line.unitPriceCents * line.quantity)}</p>
          </li>
        ))}
      </ul>
      <dl className="border-line mt-2 space-y-2 border-t pt-4 text-sm" aria-busy={pending}>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">Subtotal</dt>
          <dd>{totals ? money(totals.subtotalCents) : "—"}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-soft">{totals?.shippingLabel ?? "Shipping"}</dt>
          <dd>{totals ? (totals.shippingCents === 0 ? "Free" : money(totals.shippingCents)) : "Choose a country"}</dd>
        </div>
        {totals && totals.taxCents > 0 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-ink-soft">
              {taxLabel} ({formatRate(totals.taxRateBps)})
            </dt>
            <dd>{money(totals.taxCents)}</dd>
          </div>
        ) : null}
        <div className="border-line flex justify-between gap-4 border-t pt-3 text-base">
          <dt className="font-medium">Total</dt>
          <dd className="font-serif text-xl" data-testid="order-total">
            {totals ? money(totals.totalCents) : "—"}
          </dd>
        </div>
      </dl>
    </section>
  );
}
