// Steps of the shop's end-to-end specs: putting a work in the cart from /shop, filling the checkout form, reading
// the order number, and giving the works back afterwards (other specs count the demo's available and sold works).
import { request as playwrightRequest, type Locator, type Page } from "@playwright/test";
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { signInAdmin } from "./admin-fixtures";
import { expect } from "./fixtures";

/** The demo's price of a work, formatted as the shop shows it ($6,800). */
export function demoPrice(title: string): { cents: number; text: string } {
  const work = DEMO_ARTWORKS.find((a) => a.title === title);
  if (!work?.priceUsd) throw new Error(`no priced demo work ${title}`);
  const cents = work.priceUsd * 100;
  return { cents, text: money(cents) };
}

/** As the shop formats prices: whole dollars without cents ($6,800), else with them ($4,801.35). */
export const money = (cents: number) =>
  new Intl.NumberFormat("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);

/** The default shipping rate to the United States (settings DEFAULT_SHIPPING_REGIONS). */
export const US_SHIPPING_CENTS = 9_500;

/** The demo studio's sales tax (seed: 9.45 % on the works, not on shipping, for US addresses). */
export const US_TAX_BPS = 945;

/** An order of one work shipped to the US: its tax and total, as the shop computes them. */
export function usOrderTotals(priceCents: number) {
  const taxCents = Math.round((priceCents * US_TAX_BPS) / 10_000);
  return { taxCents, totalCents: priceCents + US_SHIPPING_CENTS + taxCents };
}

export interface StoredCartItem {
  artwork_id: string;
  price: number;
  quantity: number;
  title: string;
}

export async function storedCart(page: Page): Promise<StoredCartItem[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as StoredCartItem[]);
}

/** A work's entry on /shop: its card and its Add to Cart button. */
export function shopEntry(page: Page, title: string): Locator {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("link", { name: title, exact: true }) });
}

/**
 * Presses a work's Add to Cart on /shop, once: a press before the page is interactive is kept and replayed
 * when it is (decision 0014), so the stored cart then holds the work.
 */
export async function addToCartFromShop(page: Page, title: string): Promise<void> {
  const button = shopEntry(page, title).getByRole("button", { name: `Add to Cart · ${demoPrice(title).text}` });
  await button.click();
  await expect.poll(async () => (await storedCart(page)).map((i) => i.title)).toContain(title);
}

export interface CheckoutDetails {
  name: string;
  email: string;
  phone?: string;
  street: string;
  city: string;
  state: string;
  zip: string;
}

export const checkoutForm = (page: Page) => page.getByRole("main").locator("form");

/** Fills contact and a US shipping address (the studio's country, preselected) and keeps insured shipping. */
export async function fillCheckout(page: Page, d: CheckoutDetails): Promise<void> {
  const form = checkoutForm(page);
  await form.getByLabel("Full name").fill(d.name);
  // Not scoped to the form, nor exact: no other field of the page (the footer's, a delivery option's) says "Email".
  await page.getByLabel("Email").fill(d.email);
  if (d.phone) await form.getByLabel("Phone").fill(d.phone);
  await expect(form.getByLabel("Country")).toHaveValue("US");
  await form.getByRole("radio", { name: /Insured shipping/ }).check();
  await form.getByLabel("Street address").fill(d.street);
  await form.getByLabel("City").fill(d.city);
  await page.getByLabel("State").fill(d.state);
  await form.getByLabel("ZIP code").fill(d.zip);
}

/** Fills the checkout (fillCheckout), presses Place order whatever its total and answers the order's number. */
export async function checkOut(page: Page, d: CheckoutDetails): Promise<string> {
  await fillCheckout(page, d);
  await page.getByRole("button", { name: /^Place order/ }).click();
  return confirmedOrderNumber(page);
}

/** The order number on the confirmation page (A-2026-0001). */
export async function confirmedOrderNumber(page: Page): Promise<string> {
  const number = page
    .getByRole("main")
    .getByText(/^Order number/)
    .locator("strong");
  await expect(number).toBeVisible();
  return (await number.textContent())!.trim();
}

/**
 * A buyer's whole purchase of one demo work by bank transfer, on the shared server or the one at `origin`:
 * /shop → Add to Cart → checkout with a New Orleans address → Place order at the expected total. The order's
 * number, from the confirmation page.
 */
export async function buyFromShop(
  page: Page,
  title: string,
  buyer: { name: string; email: string; street?: string },
  origin = "",
): Promise<string> {
  await page.goto(`${origin}/shop`);
  await addToCartFromShop(page, title);
  await page.goto(`${origin}/checkout`);
  await fillCheckout(page, { street: "40 Royal Street", city: "New Orleans", state: "LA", zip: "70130", ...buyer });
  const { totalCents } = usOrderTotals(demoPrice(title).cents);
  await checkoutForm(page)
    .getByRole("button", { name: `Place order · ${money(totalCents)}` })
    .click();
  return confirmedOrderNumber(page);
}

/** Looks an order up on /track-order (of the shared server, or of the server at `origin`). */
export async function track(page: Page, number: string, email: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/track-order`);
  const form = page.getByRole("main").locator("form");
  await form.getByLabel("Order number").fill(number);
  await form.getByLabel("Email").fill(email);
  await form.getByRole("button", { name: "Track" }).click();
}

/** The id of an order, from the admin's list (searched by number). */
export async function adminOrderId(
  request: { get: (url: string) => Promise<{ text: () => Promise<string> }> },
  number: string,
) {
  const html = await (await request.get(`/admin/orders?q=${encodeURIComponent(number)}`)).text();
  const id = /href="\/admin\/orders\/([0-9a-f-]{36})"/.exec(html)?.[1];
  if (!id) throw new Error(`order ${number} is not in the admin's list`);
  return id;
}

/**
 * Puts an order's works back on sale as the admin would (cancel an unpaid order, refund a paid one), so the
 * demo catalogue is as other specs expect it.
 */
export async function releaseOrder(baseURL: string, number: string): Promise<void> {
  const context = await playwrightRequest.newContext({ baseURL });
  try {
    await signInAdmin(context, baseURL);
    const id = await adminOrderId(context, number);
    const cancel = await context.post(`/admin/orders/${id}`, { form: { intent: "cancel" } });
    if (cancel.status() !== 200) {
      const refund = await context.post(`/admin/orders/${id}`, { form: { intent: "refund", confirm: "yes" } });
      expect(refund.status(), `refund of ${number}`).toBe(200);
    }
  } finally {
    await context.dispose();
  }
}
