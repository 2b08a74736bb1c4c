// Checkout: validating the buyer's form and placing the order. Placing takes the works out of stock in ONE
// transaction with the order, its items (at the catalogue's prices, never the browser's), its history, its
// expiry job and its mails: either all of it exists or none of it does. The form's idempotency key makes a
// second submission of the same form find the first order instead of making another.
import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db, queryRows } from "~/db/client.server";
import { orderItems, orders, type Fulfilment } from "~/db/schema";
import { isCountryCode } from "~/lib/countries";
import { requiredText } from "~/modules/forms/fields";
import { FORM_UNREADABLE } from "~/modules/forms/submission.server";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { reserveArtwork, type ReservedArtwork } from "~/modules/catalog/stock.server";
import { getSettings, type Settings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { CHECKOUT_FORM_FIELDS } from "./checkout-fields";
import { cancelOrder, scheduleExpiry } from "./order-actions.server";
import { mailManualOrderPlaced } from "./order-mail.server";
import {
  findOrderByIdempotencyKey,
  getOrder,
  normaliseOrderNumber,
  OrderError,
  orderItemsOf,
  recordEvent,
  type Order,
} from "./orders.server";
import { currentPaymentProvider, providerFor } from "./payments.server";
import { priceOrder, type PricingError } from "./pricing";
import { notifyArtistOfOrder } from "./order-notify.server";
import { cancelKeyMatches } from "./cancel-key.server";
import { completeHold, lockLiveHold } from "./holds.server";
import { lockLiveRoom, recordRoomVisit } from "~/modules/rooms/rooms.server";
import { roomPrice } from "~/lib/rooms";

export const MAX_CART_LINES = 20;
/** Pieces of one work (an edition) in one order. */
const MAX_LINE_QUANTITY = 100;

// A cart the buyer filled past an order's limits is said in words; any other mistake in its lines is a crafted
// or broken form ("Your cart could not be read").
const TOO_MANY_WORKS = `An order can hold at most ${MAX_CART_LINES} works. Please remove some from your cart and order them separately.`;
const TOO_MANY_PIECES = `An order can hold at most ${MAX_LINE_QUANTITY} pieces of one work.`;

const text = (max: number) => z.string().trim().max(max, `Please keep this under ${max} characters.`);

/** One line of the cart as the form sends it: "artworkId:quantity". */
const CartLine = z
  .string()
  .regex(/^[0-9a-f-]{36}:\d{1,5}$/i)
  .transform((v) => {
    const [artworkId, quantity] = v.split(":");
    return { artworkId: artworkId!.toLowerCase(), quantity: Number(quantity) };
  })
  .refine((l) => l.quantity >= 1)
  .refine((l) => l.quantity <= MAX_LINE_QUANTITY, TOO_MANY_PIECES);

export const CheckoutSchema = z
  .object({
    idempotencyKey: z.string().regex(/^[0-9a-f-]{36}$/i, "This form has expired. Please reload the page."),
    items: z
      .array(CartLine)
      .max(MAX_CART_LINES, TOO_MANY_WORKS)
      // A cart holds a work once, with its quantity: a work listed twice is a crafted form, not a buyer's.
      .refine((lines) => new Set(lines.map((l) => l.artworkId)).size === lines.length)
      .default([]),
    name: requiredText("Enter your name.", 120, "Please keep this under 120 characters."),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .max(254, "Enter a valid e-mail address.")
      .pipe(z.email("Enter a valid e-mail address, like name@example.com.")),
    phone: text(40).refine(
      (v) => v === "" || /^\+?[\d\s().-]{5,40}$/.test(v),
      "Enter a phone number (digits, spaces, + and -), or leave it empty.",
    ),
    fulfilment: z.enum(["ship", "pickup"], "Choose shipping or studio pickup."),
    country: z.string().trim().toUpperCase().refine(isCountryCode, "Choose a country."),
    addressLine1: text(200),
    addressLine2: text(200),
    city: text(120),
    region: text(120),
    postalCode: text(20),
    note: text(1_000),
    /** A holder's signed link (modules/shop/holds.server): lets this order take the work held for them. */
    hold: z.string().max(120).optional(),
    /** A private viewing room's secret (modules/rooms): its works are bought at the room's prices while it is open. */
    room: z.string().max(64).optional(),
    /** The works' total the buyer saw; placing refuses when the catalogue's prices make it different. */
    expectedSubtotalCents: z.coerce.number().int().min(0).optional(),
    /**
     * The total the buyer saw; placing refuses when it differs, also when only shipping and tax do (the page
     * drawn without JavaScript showed them for the studio's country, whatever the buyer then chose).
     */
    expectedTotalCents: z.coerce.number().int().min(0).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.fulfilment !== "ship") return;
    const need = (field: keyof typeof v, message: string) => {
      if (!v[field]) ctx.addIssue({ code: "custom", path: [field], message });
    };
    need("addressLine1", "Enter the street address.");
    need("city", "Enter the city.");
    if (v.country === "US") {
      need("region", "Enter the state.");
      if (!/^\d{5}(-\d{4})?$/.test(v.postalCode)) {
        ctx.addIssue({ code: "custom", path: ["postalCode"], message: "Enter a 5-digit ZIP code." });
      }
    } else if (v.country === "CA") {
      need("region", "Enter the province.");
      need("postalCode", "Enter the postal code.");
    }
  });

export type CheckoutInput = z.infer<typeof CheckoutSchema>;
export type CheckoutField = Exclude<
  keyof CheckoutInput,
  "items" | "idempotencyKey" | "expectedSubtotalCents" | "expectedTotalCents" | "hold" | "room"
>;

/** The form's values as typed (to show them again beside the errors). */
export type CheckoutValues = Partial<Record<CheckoutField, string>>;

const FIELDS: readonly CheckoutField[] = CHECKOUT_FORM_FIELDS;

export function readCheckoutForm(form: FormData) {
  const values: CheckoutValues = {};
  for (const field of FIELDS) {
    const value = form.get(field);
    if (typeof value === "string") values[field] = value.slice(0, 2_000);
  }
  const raw = {
    ...values,
    idempotencyKey: form.get("idempotencyKey") ?? "",
    items: form.getAll("item"),
    expectedSubtotalCents: form.get("expectedSubtotalCents") || undefined,
    expectedTotalCents: form.get("expectedTotalCents") || undefined,
    hold: form.get("hold") || undefined,
    room: form.get("room") || undefined,
  };
  for (const field of FIELDS) (raw as Record<string, unknown>)[field] ??= "";
  const parsed = CheckoutSchema.safeParse(raw);
  if (parsed.success) return { ok: true as const, input: parsed.data, values };
  const fieldErrors: Partial<Record<CheckoutField | "form", string>> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path[0];
    const field = FIELDS.includes(key as CheckoutField) ? (key as CheckoutField) : "form";
    // The hidden fields (the totals shown, a room's or hold's link) are the page's own: only a hand-made form gets
    // them wrong, and is answered in words rather than the schema's ("Too big: expected int to be <=…").
    fieldErrors[field] ??=
      field !== "form" || key === "idempotencyKey"
        ? issue.message
        : key === "items"
          ? issue.message === TOO_MANY_WORKS || issue.message === TOO_MANY_PIECES
            ? issue.message
            : "Your cart could not be read. Please reload the page."
          : FORM_UNREADABLE;
  }
  return { ok: false as const, fieldErrors, values };
}

export type PlaceOrderResult =
  | { ok: true; order: Order; created: boolean }
  | { ok: false; reason: "empty" }
  | { ok: false; reason: "unavailable"; titles: string[]; artworkIds: string[] }
  | { ok: false; reason: "price-changed"; totalCents: number }
  | { ok: false; reason: "total-changed"; totalCents: number }
  | { ok: false; reason: PricingError }
  | { ok: false; reason: "key-reused" }
  | { ok: false; reason: "room-closed" };

class Unavailable extends Error {
  constructor(readonly artworkIds: string[]) {
    super("unavailable");
  }
}
/** The total differs from the one shown: a work's price (`prices`), or only shipping and tax. */
class PriceChanged extends Error {
  constructor(
    readonly totalCents: number,
    readonly prices: boolean,
  ) {
    super("price changed");
  }
}
class RoomClosed extends Error {
  constructor() {
    super("room closed");
  }
}
class PricingFailed extends Error {
  constructor(readonly reason: PricingError) {
    super(reason);
  }
}

const isUniqueViolation = (error: unknown) => {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
};

/** The same form sent again (a double click, a retry): its order, when it is the same buyer's. */
async function replay(input: CheckoutInput): Promise<PlaceOrderResult | undefined> {
  const existing = await findOrderByIdempotencyKey(input.idempotencyKey);
  if (!existing) return undefined;
  if (existing.email !== input.email) return { ok: false, reason: "key-reused" };
  return { ok: true, order: existing, created: false };
}

function holdUntil(settings: Settings, provider: "manual" | "stripe"): Date {
  const minutes = provider === "manual" ? settings.shop.manualPaymentHoldHours * 60 : settings.shop.reservationMinutes;
  return new Date(Date.now() + minutes * 60_000);
}

/** Places an order: reserves the works, records the order and its items at the catalogue's prices. */
export async function placeOrder(input: CheckoutInput): Promise<PlaceOrderResult> {
  const replayed = await replay(input);
  if (replayed) return replayed;
  // Lines for the same work are merged; works are locked in id order, so two carts never deadlock.
  const lines = new Map<string, number>();
  for (const l of input.items) lines.set(l.artworkId, (lines.get(l.artworkId) ?? 0) + l.quantity);
  if (lines.size === 0) return { ok: false, reason: "empty" };
  const wanted = [...lines.entries()].sort(([a], [b]) => a.localeCompare(b));

  const settings = await getSettings();
  const provider = currentPaymentProvider();
  try {
    const order = await db().transaction(async (tx) => {
      // The holder's hold is locked before any work (the lapse job's order too): no deadlock, no lapse midway.
      const hold = await lockLiveHold(
        tx,
        input.hold,
        wanted.map(([id]) => id),
      );
      // A room's link: the room is locked next (then the works); every line must be one of its works, priced there.
      const room = input.room === undefined ? undefined : await lockLiveRoom(tx, input.room);
      if (input.room !== undefined && (!room || wanted.some(([id]) => !room.prices.has(id)))) throw new RoomClosed();
      const reserved: { artwork: ReservedArtwork; quantity: number }[] = [];
      const missing: string[] = [];
      for (const [artworkId, quantity] of wanted) {
        // The room's own price when it sets one; else the catalogue's (reserveArtwork then requires it).
        const roomCents = room ? (roomPrice(null, room.prices.get(artworkId) ?? null) ?? undefined) : undefined;
        const artwork = await reserveArtwork(tx, artworkId, quantity, hold?.artworkId === artworkId, roomCents);
        if (artwork) reserved.push({ artwork, quantity });
        else missing.push(artworkId);
      }
      if (missing.length) throw new Unavailable(missing);

      const totals = priceOrder(
        settings.shop,
        reserved.map((r) => ({ unitPriceCents: r.artwork.priceCents, quantity: r.quantity })),
        { fulfilment: input.fulfilment, country: input.country },
        settings.country,
      );
      if ("error" in totals) throw new PricingFailed(totals.error);
      const pricesMoved =
        input.expectedSubtotalCents !== undefined && input.expectedSubtotalCents !== totals.subtotalCents;
      if (pricesMoved || (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totals.totalCents)) {
        throw new PriceChanged(totals.totalCents, input.expectedSubtotalCents === undefined || pricesMoved);
      }

      const [{ n }] = (await queryRows<{ n: string }>(tx, sql`select nextval('order_number_seq') as n`)) as [
        { n: string },
      ];
      const number = `A-${new Date().getUTCFullYear()}-${String(n).padStart(4, "0")}`;
      const fulfilment: Fulfilment = input.fulfilment;
      const shipping = fulfilment === "ship";
      const [created] = await tx
        .insert(orders)
        .values({
          number,
          idempotencyKey: input.idempotencyKey,
          provider: provider.id,
          email: input.email,
          name: input.name,
          phone: input.phone,
          fulfilment,
          country: shipping ? input.country : settings.country,
          addressLine1: shipping ? input.addressLine1 : "",
          addressLine2: shipping ? input.addressLine2 : "",
          city: shipping ? input.city : "",
          region: shipping ? input.region : "",
          postalCode: shipping ? input.postalCode : "",
          shippingLabel: totals.shippingLabel,
          note: input.note,
          currency: reserved[0]!.artwork.currency,
          subtotalCents: totals.subtotalCents,
          shippingCents: totals.shippingCents,
          taxCents: totals.taxCents,
          taxRateBps: totals.taxRateBps,
          totalCents: totals.totalCents,
          reservedUntil: holdUntil(settings, provider.id),
        })
        .returning();
      await tx.insert(orderItems).values(
        reserved.map(({ artwork, quantity }) => ({
          orderId: created!.id,
          artworkId: artwork.id,
          title: artwork.title,
          medium: artwork.medium,
          size: artwork.size,
          year: artwork.year,
          unitPriceCents: artwork.priceCents,
          quantity,
          image: artwork.image,
        })),
      );
      await recordEvent(tx, created!, { kind: "buyer", email: input.email }, "placed");
      if (hold && reserved.some((r) => r.artwork.id === hold.artworkId)) await completeHold(tx, hold.id, created!.id);
      if (room)
        await recordRoomVisit(tx, room.room.id, "ordered", {
          name: input.name,
          email: input.email,
          artworkId: reserved[0]!.artwork.id,
          orderId: created!.id,
        });
      await scheduleExpiry(tx, created!);
      if (provider.id === "manual") {
        await mailManualOrderPlaced(tx, { ...created!, items: await orderItemsOf(tx, created!.id) }, settings);
      }
      return created!;
    });
    // The works are reserved now: the shop drops them at once, in every process.
    await catalogChanged(wanted.map(([artworkId]) => artworkId));
    // Told after the commit, so the artist never hears of an order that did not happen.
    if (order.provider === "manual") await notifyArtistOfOrder(order.id);
    return { ok: true, order, created: true };
  } catch (error) {
    // A concurrent submission of the same form may have won (its key is unique): that order is the answer.
    if (error instanceof Unavailable || isUniqueViolation(error)) {
      const again = await replay(input);
      if (again) return again;
    }
    if (error instanceof Unavailable) {
      const titles = await titlesOf(error.artworkIds);
      return { ok: false, reason: "unavailable", titles, artworkIds: error.artworkIds };
    }
    if (error instanceof PriceChanged)
      return { ok: false, reason: error.prices ? "price-changed" : "total-changed", totalCents: error.totalCents };
    if (error instanceof PricingFailed) return { ok: false, reason: error.reason };
    if (error instanceof RoomClosed) return { ok: false, reason: "room-closed" };
    throw error;
  }
}

async function titlesOf(ids: string[]): Promise<string[]> {
  const rows = await queryRows<{ id: string; title: string }>(
    db(),
    sql`select id, title from artworks where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return ids.map((id) => rows.find((r) => r.id === id)?.title ?? "A work in your cart");
}

export class PaymentUnavailable extends Error {}

/**
 * After placing: where the buyer pays. A card order gets its Stripe Checkout page (once: a retried request finds
 * the same one); if Stripe cannot be reached the order is cancelled at once, so its works are not held for nothing.
 */
export async function beginPayment(order: Order): Promise<{ redirectUrl: string | null }> {
  if (order.provider === "manual" || order.status !== "awaiting_payment") return { redirectUrl: null };
  if (order.paymentUrl) return { redirectUrl: order.paymentUrl };
  const full = await getOrder(order.id);
  if (!full) throw new OrderError("not-found", "There is no such order.");
  try {
    const session = await providerFor(order.provider).startPayment(full);
    if (!session) return { redirectUrl: null };
    await db()
      .update(orders)
      .set({ paymentSessionId: session.sessionId, paymentUrl: session.url, updatedAt: new Date() })
      .where(and(eq(orders.id, order.id), isNull(orders.paymentSessionId)));
    return { redirectUrl: session.url };
  } catch (error) {
    services().logger.error({ err: error, order: order.number }, "could not start the card payment");
    await cancelOrder(order.id, { kind: "system" }, "The card payment could not be started.").catch((e: unknown) =>
      services().logger.error({ err: e, order: order.number }, "could not cancel the order after a payment failure"),
    );
    throw new PaymentUnavailable("Card payment is not available right now.");
  }
}

/**
 * The buyer came back from the card payment page without paying: their reservation is released at once (so
 * they, or anyone, can check out again). Only for an order this browser placed.
 */
export async function abandonPayment(
  number: string,
  key: string | null,
  buyerOrderIds: readonly string[],
): Promise<boolean> {
  const [row] = await db()
    .select({ id: orders.id, status: orders.status, email: orders.email, provider: orders.provider })
    .from(orders)
    .where(eq(orders.number, normaliseOrderNumber(number)))
    .limit(1);
  if (
    !row ||
    !buyerOrderIds.includes(row.id) ||
    !cancelKeyMatches(row.id, key) ||
    row.status !== "awaiting_payment" ||
    row.provider !== "stripe"
  )
    return false;
  try {
    await cancelOrder(
      row.id,
      { kind: "buyer", email: row.email },
      "The buyer left the card payment page without paying.",
    );
    return true;
  } catch (error) {
    if (error instanceof OrderError) return false;
    throw error;
  }
}
