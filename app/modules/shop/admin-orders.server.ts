// The back office's order operations: the forms of /admin/orders/:id (one intent each), run as the signed-in
// administrator, whose id and e-mail go into the order's history. The guard is the route's (requireAdmin).
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { ORDER_STATUSES, type OrderStatus } from "~/db/schema";
import type { ActionResult } from "~/lib/action-result";
import { pageParam } from "~/lib/pagination";
import { NOT_UNDERSTOOD, parseSubmission } from "~/modules/forms/submission.server";
import { cancelOrder, markOrderDelivered, markOrderPaid, refundOrder, shipOrder } from "./order-actions.server";
import { OrderError, type Actor } from "./orders.server";

export const adminActor = (admin: { id: string; email: string }): Actor => ({
  kind: "admin",
  id: admin.id,
  email: admin.email,
});

const note = z.string().trim().max(1_000, "Please keep the note under 1,000 characters.").default("");

const OrderIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("mark-paid"), note }),
  z.object({
    intent: z.literal("ship"),
    carrier: requiredText("Enter the carrier.", 60, "Keep the carrier under 60 characters."),
    trackingNumber: z
      .string()
      .trim()
      .min(3, "Enter the tracking number.")
      .max(60, "Keep the tracking number under 60 characters.")
      .regex(/^[A-Za-z0-9 -]+$/, "Letters, digits, spaces and dashes only."),
    trackingUrl: z
      .string()
      .trim()
      .max(500, "Keep the tracking link under 500 characters.")
      .refine((v) => v === "" || /^https:\/\/\S+$/.test(v), "Enter an https:// link, or leave it empty.")
      .default(""),
  }),
  z.object({ intent: z.literal("deliver"), note }),
  z.object({ intent: z.literal("cancel"), note }),
  z.object({
    intent: z.literal("refund"),
    note,
    confirm: z.literal("yes", "Tick the box to confirm the refund."),
  }),
]);

/** Runs one of the detail page's forms for an order, as the given administrator. */
export async function runOrderIntent(
  orderId: string,
  form: FormData,
  admin: { id: string; email: string },
): Promise<ActionResult> {
  const intent = form.get("intent");
  const submission = parseSubmission(form, OrderIntent, typeof intent === "string" ? { intent } : {});
  if (!submission.ok) {
    const { fieldErrors = {}, ...failure } = submission.failure;
    // No intent, an unknown one or two at once: no form of the page sends that (the route answers it 400).
    if (fieldErrors.intent) return { ok: false, error: NOT_UNDERSTOOD };
    return { ...failure, fieldErrors };
  }
  const actor = adminActor(admin);
  const input = submission.value;
  try {
    switch (input.intent) {
      case "mark-paid": {
        const order = await markOrderPaid(orderId, actor, input.note);
        return { ok: true, message: `Order ${order.number} is marked paid.` };
      }
      case "ship": {
        const order = await shipOrder(orderId, actor, {
          carrier: input.carrier,
          trackingNumber: input.trackingNumber,
          trackingUrl: input.trackingUrl || undefined,
        });
        return {
          ok: true,
          message: `Order ${order.number} is shipped; the buyer has been e-mailed the tracking number.`,
        };
      }
      case "deliver": {
        const order = await markOrderDelivered(orderId, actor, input.note);
        return {
          ok: true,
          message: `Order ${order.number} is marked ${order.fulfilment === "pickup" ? "collected" : "delivered"}.`,
        };
      }
      case "cancel": {
        const order = await cancelOrder(orderId, actor, input.note);
        return { ok: true, message: `Order ${order.number} is cancelled; its works are for sale again.` };
      }
      case "refund": {
        const order = await refundOrder(orderId, actor, input.note);
        return { ok: true, message: `Order ${order.number} is refunded; its works are for sale again.` };
      }
    }
  } catch (error) {
    if (error instanceof OrderError) return { ok: false, error: error.message };
    throw error;
  }
}

/** The list's filters from the URL: ?status=&q=&page= (anything unknown is ignored). */
export function parseOrderFilters(params: URLSearchParams): { status?: OrderStatus; q?: string; page: number } {
  const status = params.get("status");
  const q = params.get("q")?.trim().slice(0, 100);
  return {
    status: ORDER_STATUSES.includes(status as OrderStatus) ? (status as OrderStatus) : undefined,
    q: q || undefined,
    page: pageParam(params),
  };
}
