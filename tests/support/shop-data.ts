// Shop test support: works in the catalogue, checkout forms, and calling the real route modules (loader and
// action) the way React Router does, reading their answers as a browser would (status, body, redirect, cookie).
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { createArtwork, slugify } from "~/modules/catalog/catalog.server";
import { placeOrder, type CheckoutInput } from "~/modules/shop/checkout.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

import { BUYER } from "./buyer";
import { formOf } from "./form";

export { BUYER, formOf };

export async function seedShopSettings(shop: Record<string, unknown> = {}) {
  await saveSettings({
    siteTitle: "Test Studio",
    artistName: "Test Artist",
    contactEmail: "artist@example.com",
    shop: { taxRateBps: 945, timeZone: "America/Chicago", ...shop },
  });
}

let serial = 0;

/** An available, priced work (an original unless quantity says otherwise). */
export async function seedWork(
  values: { title?: string; priceCents?: number | null; quantity?: number; availability?: "available" | "sold" } = {},
): Promise<string> {
  const title = values.title ?? `Study ${++serial}`;
  const { id } = await createArtwork({
    slug: `${slugify(title)}-${++serial}`,
    title,
    medium: "Oil on canvas",
    size: '24" x 30"',
    year: 2025,
    priceCents: values.priceCents === undefined ? 250_000 : values.priceCents,
    availability: values.availability ?? "available",
    quantity: values.quantity ?? 1,
  });
  return id;
}

/** The US buyer's order of one copy of a work, shipped, through the checkout module (`extra` overrides). */
export const orderOne = (artworkId: string, extra: Partial<CheckoutInput> = {}) =>
  placeOrder({
    ...BUYER,
    fulfilment: "ship",
    idempotencyKey: crypto.randomUUID(),
    items: [{ artworkId, quantity: 1 }],
    expectedTotalCents: undefined,
    ...extra,
  });

/** `orderOne` as a test's set-up: the order it placed, or a throw naming why it was refused. */
export async function placedOrderOf(artworkId: string, extra: Partial<CheckoutInput> = {}) {
  const placed = await orderOne(artworkId, extra);
  if (!placed.ok) throw new Error(`order not placed: ${placed.reason}`);
  return placed.order;
}

export async function stockRow(id: string) {
  const [row] = await queryRows<{ quantity: number; availability: string; price_cents: number }>(
    services().db,
    sql`select quantity, availability, price_cents from artworks where id = ${id}`,
  );
  return row!;
}

export function checkoutForm(
  items: { id: string; quantity?: number }[],
  overrides: Record<string, string | undefined> = {},
  key: string = crypto.randomUUID(),
): FormData {
  const form = new FormData();
  form.set("idempotencyKey", key);
  for (const item of items) form.append("item", `${item.id}:${item.quantity ?? 1}`);
  for (const [name, value] of Object.entries({ ...BUYER, ...overrides }))
    if (value !== undefined) form.set(name, value);
  return form;
}

export interface Answer {
  status: number;
  body: unknown;
  location: string | null;
  setCookie: string | null;
  /** The Retry-After header of a 429 or 503. */
  retryAfter: string | null;
}

type RouteFn = (args: never) => unknown;

/** Calls a route's loader or action with a request, as the framework does, and reads its answer. */
export async function callRoute(
  fn: RouteFn,
  url: string,
  init: {
    method?: string;
    form?: FormData;
    body?: string;
    headers?: Record<string, string>;
    cookie?: string;
    ip?: string;
  } = {},
): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set("cookie", init.cookie);
  const request = new Request(`http://localhost${url}`, {
    method: init.method ?? (init.form || init.body !== undefined ? "POST" : "GET"),
    body: init.form ?? init.body,
    headers,
  });
  const context = { cspNonce: "test", requestId: "test", clientIp: init.ip ?? "192.0.2.1" };
  let result: unknown;
  try {
    result = await (fn as (args: unknown) => unknown)({ request, context, params: {} });
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    const text = await result.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Plain text.
    }
    return {
      status: result.status,
      body,
      location: result.headers.get("location"),
      setCookie: result.headers.get("set-cookie"),
      retryAfter: result.headers.get("retry-after"),
    };
  }
  // data(value, init) from react-router.
  if (result && typeof result === "object" && (result as { type?: string }).type === "DataWithResponseInit") {
    const d = result as { data: unknown; init: ResponseInit | null };
    const h = new Headers(d.init?.headers);
    return {
      status: d.init?.status ?? 200,
      body: d.data,
      location: h.get("location"),
      setCookie: h.get("set-cookie"),
      retryAfter: h.get("retry-after"),
    };
  }
  return { status: 200, body: result, location: null, setCookie: null, retryAfter: null };
}

/** The cookie a browser would send back after a Set-Cookie header. */
export const cookieFrom = (setCookie: string | null) => setCookie?.split(";")[0] ?? "";
