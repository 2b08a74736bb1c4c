import { useEffect, useId, useRef, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/checkout";
import { buttonClass } from "~/components/ui/button";
import { useCart } from "~/components/site/cart-provider";
import { OrderSummary, type SummaryLine } from "~/components/site/checkout/order-summary";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { useCartCheck } from "~/components/site/use-cart-check";
import { fieldBinder } from "~/lib/action-result";
import { COUNTRIES } from "~/lib/countries";
import { formatPrice, MAX_ORDER_TOTAL_CENTS } from "~/lib/money";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { getArtwork } from "~/modules/catalog/catalog.server";
import {
  abandonPayment,
  beginPayment,
  PaymentUnavailable,
  placeOrder,
  readCheckoutForm,
  type CheckoutField,
  type CheckoutInput,
  type CheckoutValues,
} from "~/modules/shop/checkout.server";
import { buyerOrderIds, grantOrderAccess } from "~/modules/shop/order-access.server";
import { currentPaymentProvider } from "~/modules/shop/payments.server";
import { priceOrder, shippingRegionFor, type Fulfilment, type PricingSettings } from "~/modules/shop/pricing";
import { hitConnectionAndAddress, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { getSettings } from "~/modules/settings/settings.server";
import { orDuringOutage, OUTAGE_HEADERS, readFormData } from "~/modules/forms/submission.server";
import { formatDateTime } from "~/lib/dates";
import { liveHoldForLink } from "~/modules/shop/holds.server";
import { roomOffer } from "~/modules/rooms/rooms.server";
import { PageHeading } from "~/components/site/page-intro";

// A private step of an order: reachable, never indexed.
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Checkout", { path: paths.checkout() });

// Every load carries a fresh idempotency key: never cache this page.
export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const settings = await getSettings();
  const { shop } = settings;
  // Back from the card payment page without paying: release that reservation at once.
  const cancelled = url.searchParams.get("cancelled");
  const abandoned = cancelled
    ? await abandonPayment(cancelled, url.searchParams.get("key"), await buyerOrderIds(request))
    : false;
  // ?artwork=ID: buying one work directly (works without JavaScript, which the browser-held cart needs).
  const artworkId = url.searchParams.get("artwork");
  const direct = artworkId ? await getArtwork(artworkId) : undefined;
  // ?hold=…: the holder's link (docs/shop.md "Holds"): their work, on hold for them, can be bought here.
  const holdToken = url.searchParams.get("hold");
  const hold = holdToken && direct ? await liveHoldForLink(holdToken) : undefined;
  const heldForBuyer = hold !== undefined && hold.artworkId === direct?.id;
  // ?room=…: a private viewing room's work, at the room's price while the room is open (docs/shop.md).
  const roomToken = url.searchParams.get("room");
  const offer = roomToken && direct ? await roomOffer(roomToken, direct.id) : undefined;
  const directPrice = offer ? offer.work.priceCents : direct?.priceCents;
  const provider = currentPaymentProvider().id;
  const pricing: PricingSettings = {
    shippingLabel: shop.shippingLabel,
    shippingRegions: shop.shippingRegions,
    pickup: shop.pickup,
    taxRateBps: shop.taxRateBps,
    taxLabel: shop.taxLabel,
    taxCountries: shop.taxCountries,
    taxShipping: shop.taxShipping,
  };
  return data(
    {
      idempotencyKey: crypto.randomUUID(),
      provider,
      pricing,
      studioCountry: settings.country,
      holdText: provider === "manual" ? `${shop.manualPaymentHoldHours} hours` : `${shop.reservationMinutes} minutes`,
      abandoned: abandoned ? cancelled : null,
      hold:
        heldForBuyer && holdToken ? { token: holdToken, until: formatDateTime(hold.expiresAt!, shop.timeZone) } : null,
      room: offer && roomToken ? { token: roomToken, title: offer.room.title } : null,
      roomClosed: roomToken !== null && !offer,
      direct:
        direct &&
        (roomToken === null || offer) &&
        (direct.availability === "available" || (heldForBuyer && direct.availability === "on_hold")) &&
        directPrice
          ? {
              artwork_id: direct.id,
              price: directPrice,
              quantity: 1,
              title: direct.title,
              medium: direct.medium,
              size: direct.size,
              year: direct.year,
              currency: direct.currency,
              stock: direct.quantity,
              image: direct.image,
            }
          : null,
    },
    { headers: { "cache-control": "no-store" } },
  );
}

type ActionData = {
  fieldErrors?: Partial<Record<CheckoutField, string>>;
  formError?: string;
  values: CheckoutValues;
  /**
   * The key to place the order with: a fresh one when the submitted one can no longer be used, the same one when
   * the order may have gone through (placing it again then finds it).
   */
  idempotencyKey?: string;
  unavailable?: string[];
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const read = readCheckoutForm(form);
  const fail = refusalOf(read.values);
  if (!read.ok) {
    const { form: formError, ...fieldErrors } = read.fieldErrors;
    return fail({ fieldErrors, formError: formError ?? "Please correct the fields marked below." }, 400);
  }
  // The database out of reach before, during or just after placing: the buyer keeps what they typed, and the
  // same key, so placing it again finds an order that did go through instead of making a second.
  return orDuringOutage(
    () => order(read.input, fail, request, context.clientIp),
    () =>
      fail(
        {
          formError:
            "Your order could not be placed just now. Please place it again in a minute: your details are kept, and an order is never placed twice.",
          idempotencyKey: read.input.idempotencyKey,
        },
        503,
        OUTAGE_HEADERS,
      ),
  );
}

/** A refused placing: its status and message, with what the buyer typed. */
const refusalOf =
  (values: CheckoutValues) => (body: Omit<ActionData, "values">, status: number, headers?: HeadersInit) =>
    data<ActionData>({ ...body, values }, { status, headers });
type Fail = ReturnType<typeof refusalOf>;

/** Places the order of a valid form and sends the buyer on to pay, or says why not. */
async function order(input: CheckoutInput, fail: Fail, request: Request, clientIp: string) {
  // Per connection and per buyer address: nobody places order after order (holding works, mailing strangers).
  const from = { clientIp, email: input.email };
  const limit = await hitConnectionAndAddress("checkout", from, {
    ip: RATE_LIMITS.checkout,
    email: RATE_LIMITS.checkoutEmail,
  });
  // And the pieces reserved in a day, from one connection or for one buyer (security item 6).
  const pieces = input.items.reduce((sum, line) => sum + line.quantity, 0);
  const held = await hitConnectionAndAddress(
    "held",
    from,
    { ip: RATE_LIMITS.heldPieces, email: RATE_LIMITS.heldPiecesEmail },
    pieces,
  );
  if (!limit && held) {
    return fail(
      {
        formError: `That is more works than one buyer can reserve in a day (${RATE_LIMITS.heldPieces.max}). Please complete the orders you have, or write to us.`,
      },
      429,
      retryAfter(held),
    );
  }
  if (limit) {
    return fail(
      { formError: "Too many orders from your connection. Please wait a few minutes and try again." },
      429,
      retryAfter(limit),
    );
  }
  const result = await placeOrder(input);
  if (!result.ok) {
    switch (result.reason) {
      case "unavailable":
        return fail(
          {
            formError: `${listTitles(result.titles)} ${result.titles.length === 1 ? "is" : "are"} no longer available: someone else has just reserved or bought ${result.titles.length === 1 ? "it" : "them"}. Remove ${result.titles.length === 1 ? "it" : "them"} from your cart to continue.`,
            unavailable: result.artworkIds,
          },
          409,
        );
      case "price-changed":
        return fail(
          {
            formError: `A price in your cart has changed: the total is now ${formatPrice(result.totalCents)}. Please check your order and place it again.`,
          },
          409,
        );
      case "total-changed":
        return fail(
          {
            formError: `With shipping and tax for your choices, the total is ${formatPrice(result.totalCents)}. Please check it and place your order again.`,
          },
          409,
        );
      case "no-shipping-to-country":
        return fail(
          { fieldErrors: { country: "We do not ship to this country yet. Choose studio pickup, or write to us." } },
          400,
        );
      case "pickup-unavailable":
        return fail(
          { fieldErrors: { fulfilment: "Studio pickup is not offered at the moment. Choose shipping." } },
          400,
        );
      case "total-too-large":
        return fail(
          {
            formError: `An order can total at most ${formatPrice(MAX_ORDER_TOTAL_CENTS)}. Please order fewer pieces, or write to the studio to arrange the sale.`,
          },
          400,
        );
      case "empty":
        return fail({ formError: "Your cart is empty." }, 400);
      case "room-closed":
        return fail(
          {
            formError:
              "This viewing room is no longer available, so the order was not placed. Please write to the studio.",
          },
          410,
        );
      case "key-reused":
        return fail(
          {
            formError: "This form has expired. Please check your details and place the order again.",
            idempotencyKey: crypto.randomUUID(),
          },
          409,
        );
    }
  }
  const cookie = await grantOrderAccess(request, result.order.id);
  try {
    const { redirectUrl } = await beginPayment(result.order);
    return redirect(redirectUrl ?? paths.orderConfirmationFor(result.order.number), {
      status: 303,
      headers: { "set-cookie": cookie },
    });
  } catch (error) {
    if (!(error instanceof PaymentUnavailable)) throw error;
    return fail(
      {
        formError:
          "Card payment is not available right now, so your order was not placed. Please try again in a few minutes.",
        idempotencyKey: crypto.randomUUID(),
      },
      503,
    );
  }
}

function listTitles(titles: string[]): string {
  const quoted = titles.map((t) => `“${t}”`);
  return quoted.length <= 1 ? (quoted[0] ?? "") : `${quoted.slice(0, -1).join(", ")} and ${quoted.at(-1)}`;
}

const COUNTRY_OPTIONS = COUNTRIES.map(([value, label]) => ({ value, label }));

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { pricing, provider, studioCountry, direct, abandoned, holdText, hold, room, roomClosed } = loaderData;
  const cart = useCart();
  // A closed room's link shows no works (never the cart in its place, which has nothing to do with the room).
  const items = direct ? [direct] : roomClosed ? [] : cart.items;
  const check = useCartCheck(!direct && !roomClosed);
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [initialKey] = useState(loaderData.idempotencyKey);
  const idempotencyKey = actionData?.idempotencyKey ?? initialKey;
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const field = fieldBinder(values, errors);
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused submission, take the buyer to the first field to correct (or to the message).
  useEffect(() => {
    if (!actionData) return;
    const form = formRef.current;
    const target =
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
    target?.scrollIntoView({ block: "center" });
  }, [actionData]);
  const [country, setCountry] = useState(values.country || studioCountry);
  const [fulfilment, setFulfilment] = useState<Fulfilment>(
    values.fulfilment === "pickup" && pricing.pickup.enabled ? "pickup" : "ship",
  );

  const unavailable = new Set([...check.unavailable, ...(actionData?.unavailable ?? [])]);
  const changes = new Map(check.priceChanges.map((c) => [c.artwork_id, c.from]));
  const lines: SummaryLine[] = items.map((i) => ({
    id: i.artwork_id,
    title: i.title,
    details: [i.medium, i.size].filter(Boolean).join(" · "),
    quantity: i.quantity,
    unitPriceCents: i.price,
    currency: i.currency,
    image: i.image,
    unavailable: unavailable.has(i.artwork_id),
    previousPriceCents: changes.get(i.artwork_id),
  }));
  const buyable = items.filter((i) => !unavailable.has(i.artwork_id));
  const priced = priceOrder(
    pricing,
    buyable.map((i) => ({ unitPriceCents: i.price, quantity: i.quantity })),
    { fulfilment, country },
    studioCountry,
  );
  const totals = "error" in priced ? undefined : priced;
  const region = shippingRegionFor(pricing, country);
  const ready = direct !== null || check.checked;

  return (
    <div className="container-page py-12 md:py-16">
      <PageHeading eyebrow="Checkout" title="Checkout" />
      {abandoned ? (
        <p role="status" className="border-line mt-8 max-w-2xl border-l-2 pl-4 text-sm">
          The card payment for order {abandoned} was not completed, so the order was cancelled and the works were
          released. You can place the order again below.
        </p>
      ) : null}
      {hold ? (
        <p role="status" className="border-line mt-8 max-w-2xl border-l-2 pl-4 text-sm">
          This work is on hold for you until {hold.until}. Place the order below to buy it.
        </p>
      ) : null}
      {room ? (
        <p role="status" className="border-line mt-8 max-w-2xl border-l-2 pl-4 text-sm">
          From the viewing room “{room.title}”, at the price shown there.
        </p>
      ) : null}
      {roomClosed ? (
        <p role="alert" className="border-destructive mt-8 max-w-2xl border-l-2 pl-4">
          This viewing room is no longer available, or the work is not in it. Please write to the studio.
        </p>
      ) : null}
      <noscript>
        <p className="border-destructive mt-8 max-w-2xl border-l-2 pl-4">
          Your cart is kept in this browser and needs JavaScript to be read. Please turn JavaScript on to check out, or
          use the Buy now link on a work’s page.
        </p>
      </noscript>
      {items.length === 0 ? (
        <EmptyCart hydrated={cart.hydrated} />
      ) : (
        <div className="mt-10 grid gap-10 md:grid-cols-12 md:gap-14">
          <div className="md:order-last md:col-span-5">
            <div className="md:sticky md:top-28">
              <OrderSummary
                lines={lines}
                totals={totals}
                taxLabel={pricing.taxLabel}
                pending={!ready}
                notice={check.unchecked}
              />
            </div>
          </div>
          <Form
            ref={formRef}
            method="post"
            noValidate
            className="space-y-10 md:col-span-7"
            aria-describedby={actionData?.formError ? "checkout-form-error" : undefined}
          >
            <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
            {hold ? <input type="hidden" name="hold" value={hold.token} /> : null}
            {room ? <input type="hidden" name="room" value={room.token} /> : null}
            {buyable.map((i) => (
              <input key={i.artwork_id} type="hidden" name="item" value={`${i.artwork_id}:${i.quantity}`} />
            ))}
            {totals && ready ? (
              <>
                <input type="hidden" name="expectedSubtotalCents" value={totals.subtotalCents} />
                <input type="hidden" name="expectedTotalCents" value={totals.totalCents} />
              </>
            ) : null}
            {actionData?.formError ? (
              <p
                id="checkout-form-error"
                role="alert"
                tabIndex={-1}
                className="border-destructive text-destructive border-l-2 pl-4"
              >
                {actionData.formError}
              </p>
            ) : null}

            <fieldset className="space-y-5">
              <legend className="mb-5 font-serif text-2xl">Contact</legend>
              <TextField {...field("name")} label="Full name" autoComplete="name" required />
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  {...field("email")}
                  type="email"
                  label="Email"
                  autoComplete="email"
                  inputMode="email"
                  required
                  hint="For your confirmation and updates on your order."
                />
                <TextField
                  {...field("phone")}
                  type="tel"
                  label="Phone"
                  optional
                  autoComplete="tel"
                  inputMode="tel"
                  hint="For the courier, if they need to reach you."
                />
              </div>
            </fieldset>

            <fieldset className="space-y-5">
              <legend className="mb-5 font-serif text-2xl">Delivery</legend>
              <div
                role="radiogroup"
                aria-labelledby="checkout-fulfilment-label"
                aria-describedby={errors.fulfilment ? "checkout-fulfilment-error" : undefined}
                className="grid gap-3 sm:grid-cols-2"
              >
                <p id="checkout-fulfilment-label" className="sr-only">
                  Delivery method
                </p>
                <DeliveryOption
                  value="ship"
                  checked={fulfilment === "ship"}
                  onChange={setFulfilment}
                  title={pricing.shippingLabel}
                  detail={region ? `${region.label}: ${formatPrice(region.rateCents)}` : "Not offered to this country"}
                />
                {pricing.pickup.enabled ? (
                  <DeliveryOption
                    value="pickup"
                    checked={fulfilment === "pickup"}
                    onChange={setFulfilment}
                    title={pricing.pickup.label}
                    detail={pricing.pickup.note}
                  />
                ) : null}
              </div>
              {errors.fulfilment ? (
                <p id="checkout-fulfilment-error" className="text-destructive text-sm">
                  {errors.fulfilment}
                </p>
              ) : null}
              <p className="text-muted text-xs">
                Shipping rates:{" "}
                {pricing.shippingRegions.map((r) => `${r.label} ${formatPrice(r.rateCents)}`).join(" · ")}. Every parcel
                is insured and needs a signature.
              </p>

              <SelectField
                name="country"
                label={fulfilment === "pickup" ? "Country of residence" : "Country"}
                error={errors.country}
                value={country}
                onChange={(e) => setCountry(e.target.value)}
                autoComplete="country"
                options={COUNTRY_OPTIONS}
              />
              {/* Hidden, not removed, for pickup: what was typed is kept if the buyer switches back. */}
              <div className={fulfilment === "pickup" ? "hidden" : "space-y-5"}>
                <TextField {...field("addressLine1")} label="Street address" autoComplete="address-line1" required />
                <TextField
                  {...field("addressLine2")}
                  label="Apartment, suite, floor"
                  optional
                  autoComplete="address-line2"
                />
                <div className="grid gap-5 sm:grid-cols-3">
                  <TextField {...field("city")} label="City" autoComplete="address-level2" required />
                  <TextField
                    {...field("region")}
                    label={country === "US" ? "State" : "State, province or region"}
                    optional={country !== "US" && country !== "CA"}
                    autoComplete="address-level1"
                  />
                  <TextField
                    {...field("postalCode")}
                    label={country === "US" ? "ZIP code" : "Postal code"}
                    optional={country !== "US" && country !== "CA"}
                    autoComplete="postal-code"
                  />
                </div>
              </div>
            </fieldset>

            <fieldset className="space-y-5">
              <legend className="mb-5 font-serif text-2xl">Payment</legend>
              <p className="text-ink-soft max-w-prose text-sm leading-relaxed">
                {provider === "stripe"
                  ? `You will pay by card on Stripe’s secure payment page. The works are reserved for you for ${holdText} while you pay.`
                  : `Pay by bank transfer: the details follow on the next page and by e-mail. The works are reserved for you for ${holdText} while your payment is on its way.`}
              </p>
              <TextAreaField {...field("note")} label="A note for the artist" optional rows={3} />
            </fieldset>

            <div className="space-y-3">
              <button
                type="submit"
                disabled={submitting || buyable.length === 0}
                className={`${buttonClass("primary")} w-full sm:w-auto`}
              >
                {submitting
                  ? "Placing your order…"
                  : provider === "stripe"
                    ? `Continue to payment${totals ? ` · ${formatPrice(totals.totalCents)}` : ""}`
                    : `Place order${totals ? ` · ${formatPrice(totals.totalCents)}` : ""}`}
              </button>
              {buyable.length === 0 ? (
                <p className="text-muted text-sm">
                  Nothing in your cart can be bought at the moment.{" "}
                  <Link to={paths.shop()} className="text-ink underline underline-offset-4">
                    Back to the shop
                  </Link>
                </p>
              ) : null}
            </div>
          </Form>
        </div>
      )}
    </div>
  );
}

function DeliveryOption({
  value,
  checked,
  onChange,
  title,
  detail,
}: {
  value: Fulfilment;
  checked: boolean;
  onChange: (value: Fulfilment) => void;
  title: string;
  detail: string;
}) {
  // Named by its title alone, the price or note read as its description: "Insured shipping", not a sentence
  // that another field's label ("State", "Email") would also match.
  const id = useId();
  return (
    <label
      className={`flex cursor-pointer gap-3 rounded-md border p-4 transition-colors ${checked ? "border-ink bg-white" : "border-line hover:border-ink/40"}`}
    >
      <input
        type="radio"
        name="fulfilment"
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-detail`}
        className="accent-ink mt-1"
      />
      <span>
        <span id={`${id}-title`} className="block text-sm font-medium">
          {title}
        </span>
        <span id={`${id}-detail`} className="text-muted mt-0.5 block text-xs leading-relaxed">
          {detail}
        </span>
      </span>
    </label>
  );
}

function EmptyCart({ hydrated }: { hydrated: boolean }) {
  // Before the stored cart is read, say nothing rather than "empty".
  if (!hydrated) return <p className="text-muted mt-10">Loading your cart…</p>;
  return (
    <div className="mt-10 max-w-xl">
      <p className="text-lg">Your cart is empty.</p>
      <Link to={paths.shop()} className={`${buttonClass("primary")} mt-6`}>
        Browse the shop
      </Link>
    </div>
  );
}
