import { ParcelLink } from "./external-link";
import { Check, Circle, X } from "./icons";
import type { BuyerOrderView } from "~/modules/shop/order-view.server";

/** An order's steps, done or ahead, with their dates; a cancelled or refunded order ends with that. */
export function OrderTimeline({ order }: { order: Pick<BuyerOrderView, "timeline" | "ended" | "tracking"> }) {
  return (
    <ol className="space-y-0" aria-label="Order status">
      {order.timeline.map((step, i) => {
        const last = i === order.timeline.length - 1 && !order.ended;
        return (
          <li key={step.status} className="relative flex gap-4 pb-6 last:pb-0">
            {!last ? (
              <span
                aria-hidden="true"
                className={`absolute top-7 bottom-0 left-[11px] w-px ${step.done ? "bg-ink" : "bg-line"}`}
              />
            ) : null}
            <span
              aria-hidden="true"
              className={`relative flex size-6 shrink-0 items-center justify-center rounded-full border ${step.done ? "border-ink bg-ink text-paper" : "border-line bg-paper text-muted"}`}
            >
              {step.done ? <Check className="size-3.5" strokeWidth={2.5} /> : <Circle className="size-2" />}
            </span>
            <div className="pt-0.5">
              <p className={step.done ? "text-ink" : "text-muted"}>
                {step.label}
                <span className="sr-only">{step.done ? " (done)" : " (not yet)"}</span>
              </p>
              {step.at ? <p className="text-muted text-xs">{step.at}</p> : null}
              {step.status === "shipped" && step.done && order.tracking ? (
                <p className="text-ink-soft mt-1 text-sm">
                  {order.tracking.carrier}, tracking number {order.tracking.number}
                  <ParcelLink url={order.tracking.url} className="underline underline-offset-4">
                    Follow the parcel
                  </ParcelLink>
                </p>
              ) : null}
            </div>
          </li>
        );
      })}
      {order.ended ? (
        <li className="relative flex gap-4">
          <span
            aria-hidden="true"
            className="border-sold text-sold flex size-6 shrink-0 items-center justify-center rounded-full border"
          >
            <X className="size-3.5" strokeWidth={2.5} />
          </span>
          <div className="pt-0.5">
            <p className="text-sold">{order.ended.label}</p>
            <p className="text-muted text-xs">{order.ended.at}</p>
            {order.ended.note ? <p className="text-ink-soft mt-1 text-sm">{order.ended.note}</p> : null}
          </div>
        </li>
      ) : null}
    </ol>
  );
}
