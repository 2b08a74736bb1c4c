// The shop end to end (issue 5), on the shared server, which pays by bank transfer (the manual provider):
// browse /shop → Add to Cart → cart drawer → checkout → confirmation → tracking, the admin's side of an order,
// sold works, and a checkout with mistakes. Each test buys its own work among the last ones on /shop (works
// other specs do not use) and puts it back on sale at the end: other specs count the available and sold works.
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { adminTest } from "../support/admin-fixtures";
import { expect, test, waitForHydration } from "../support/fixtures";
import {
  addToCartFromShop,
  buyFromShop,
  checkoutForm,
  confirmedOrderNumber,
  demoPrice,
  fillCheckout,
  money,
  shopEntry,
  storedCart,
  track,
  US_SHIPPING_CENTS,
  usOrderTotals,
} from "../support/shop-flow";
import { ordersReleasedAfterEach } from "../support/e2e-placed-orders";

const NOT_FOUND = "We could not find an order with that number and e-mail address.";

const placed = ordersReleasedAfterEach();

test("browse the shop, add to the cart, check out by bank transfer, see the confirmation and track the order", async ({
  page,
}) => {
  const title = "Magnolia Static";
  const price = demoPrice(title);
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Original paintings" })).toBeVisible();
  const entry = shopEntry(page, title);
  await expect(entry.getByText(price.text).first()).toBeVisible();

  // Add to Cart: the header's badge counts it and local storage `cart` holds it.
  const cartButton = page.getByRole("banner").getByRole("button", { name: /^Cart/ });
  await expect(cartButton).toHaveAccessibleName("Cart");
  // Empty, the drawer says so once, and that sentence describes it.
  await waitForHydration(page);
  await cartButton.click();
  const emptyDrawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(emptyDrawer).toHaveAccessibleDescription("Your cart is empty.");
  await expect(page.getByText("Your cart is empty.")).toHaveCount(1);
  await emptyDrawer.getByRole("button", { name: "Close cart" }).click();
  await expect(emptyDrawer).toBeHidden();
  await addToCartFromShop(page, title);
  await expect(page.getByText(`“${title}” is in your cart`)).toBeVisible();
  await expect(cartButton).toHaveAccessibleName("Cart, 1 item");
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await expect(entry.getByRole("button", { name: "In your cart" })).toBeDisabled();
  const [item, ...rest] = await storedCart(page);
  expect(rest).toEqual([]);
  expect(item).toEqual(expect.objectContaining({ title, price: price.cents, quantity: 1 }));
  expect(item!.artwork_id).toMatch(/^[0-9a-f-]{36}$/);

  // The drawer lists it, checked against the server, and leads to checkout.
  await cartButton.click();
  const drawer = page.getByRole("dialog", { name: "Your cart" });
  await expect(drawer.getByRole("link", { name: title })).toBeVisible();
  await expect(drawer.getByTestId("cart-subtotal")).toHaveText(price.text);
  // An original: there is only one, so the quantity cannot go up.
  await expect(drawer.getByRole("button", { name: `Increase quantity of ${title}` })).toBeDisabled();
  await drawer.getByRole("link", { name: "Checkout" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(drawer).toBeHidden();

  const summary = page.getByRole("region", { name: "Order summary" });
  await expect(summary.getByText(title)).toBeVisible();
  const { taxCents, totalCents: total } = usOrderTotals(price.cents);
  await fillCheckout(page, {
    name: "Ada Collector",
    email: "ada.collector@example.com",
    phone: "+1 504 555 0101",
    street: "12 Esplanade Avenue",
    city: "New Orleans",
    state: "LA",
    zip: "70116",
  });
  await expect(summary.getByText("Sales tax (9.45%)")).toBeVisible();
  await expect(summary.getByTestId("order-total")).toHaveText(money(total));
  await checkoutForm(page)
    .getByRole("button", { name: `Place order · ${money(total)}` })
    .click();

  // The confirmation: number, the work, totals and how to pay.
  await expect(page).toHaveURL(/\/order-confirmation\?order=A-\d{4}-\d+/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
  const number = await confirmedOrderNumber(page);
  placed.push(number);
  const confirmation = page.getByRole("region", { name: "Order summary" });
  await expect(confirmation.getByText(title)).toBeVisible();
  await expect(confirmation.getByRole("definition").filter({ hasText: price.text }).first()).toBeVisible();
  await expect(confirmation.getByRole("definition").filter({ hasText: money(US_SHIPPING_CENTS) })).toBeVisible();
  await expect(confirmation.getByRole("definition").filter({ hasText: money(taxCents) })).toBeVisible();
  await expect(confirmation.getByTestId("order-total")).toHaveText(money(total));
  const next = page.getByRole("region", { name: "Next: your payment" });
  await expect(next).toContainText(`Pay ${money(total)} by bank transfer, quoting ${number} as the reference.`);
  // The artist's instructions follow without saying the same again (the default once repeated the sentence).
  await expect(next).toContainText(
    `quoting ${number} as the reference. We will reply within one working day with our bank details and an invoice.`,
  );
  await expect(next).not.toContainText("quote your order number");
  await expect(page.getByRole("heading", { name: "Status: Awaiting payment" })).toBeVisible();
  // The ordered work has left the cart; it is reserved, so no longer on /shop.
  await expect(page.getByRole("banner").getByRole("button", { name: "Cart", exact: true })).toBeVisible();
  expect(await storedCart(page)).toEqual([]);
  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Original paintings" })).toBeVisible();
  await expect(shopEntry(page, title)).toHaveCount(0);

  // Tracking: number + e-mail shows the timeline; a wrong pair gets the one neutral answer.
  await track(page, number, "ADA.collector@example.com");
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toBeVisible();
  const timeline = page.getByRole("list", { name: "Order status" });
  await expect(timeline.getByText("Order placed (done)")).toBeAttached();
  await expect(timeline.getByText("Paid (not yet)")).toBeAttached();
  await expect(timeline.getByText("Shipped (not yet)")).toBeAttached();
  await expect(page.getByText(`Awaiting your bank transfer, quoting ${number}.`)).toBeVisible();

  await track(page, number, "someone.else@example.com");
  await expect(page.getByRole("alert")).toContainText(NOT_FOUND);
  await expect(page.getByRole("heading", { name: `Order ${number}` })).toHaveCount(0);
  await track(page, "A-1999-9999", "ada.collector@example.com");
  await expect(page.getByRole("alert")).toContainText(NOT_FOUND);
});

test("a sold work says SOLD and offers no Add to Cart on its page or in the lightbox, and is not in the shop", async ({
  page,
}) => {
  const sold = DEMO_ARTWORKS.filter((a) => a.availability === "sold");
  expect(sold).toHaveLength(7);
  const title = "Low Country Psalm";

  await page.goto("/shop");
  await expect(page.getByRole("heading", { level: 1, name: "Original paintings" })).toBeVisible();
  await expect(
    page
      .getByRole("main")
      .getByRole("button", { name: /Add to Cart/ })
      .first(),
  ).toBeVisible();
  for (const work of sold) await expect(shopEntry(page, work.title)).toHaveCount(0);

  await page.goto("/gallery");
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const work = page.getByRole("article").first();
  await expect(work.getByText(/^sold$/i).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "SOLD OUT" })).toBeDisabled();

  await page.goto("/gallery");
  await page
    .getByRole("main")
    .getByRole("button", { name: `${title}: view full screen` })
    .click();
  const lightbox = page.getByRole("dialog", { name: title });
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByText(/^sold$/i)).toBeVisible();
  await expect(lightbox.getByRole("button", { name: /Add to Cart/ })).toHaveCount(0);
});

test("checkout with mistakes shows each error beside its field and keeps what was typed", async ({ page }) => {
  const title = "Indigo Correspondence";
  await page.goto("/shop");
  await addToCartFromShop(page, title);
  await page.goto("/checkout");
  const form = checkoutForm(page);
  await expect(page.getByRole("region", { name: "Order summary" }).getByText(title)).toBeVisible();
  await form.getByLabel("Full name").fill("Ben Mistake");
  await form.getByLabel("Email", { exact: true }).fill("ben@example");
  await form.getByLabel("Phone").fill("call me maybe");
  await form.getByLabel("City").fill("Baton Rouge");
  await form.getByLabel("ZIP code").fill("7080");
  await form.getByRole("button", { name: /^Place order/ }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Please correct the fields marked below." })).toBeVisible();
  const email = form.getByLabel("Email", { exact: true });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Enter a valid e-mail address, like name@example.com.");
  await expect(form.getByLabel("Phone")).toHaveAccessibleDescription(
    "Enter a phone number (digits, spaces, + and -), or leave it empty.",
  );
  await expect(form.getByLabel("Street address")).toHaveAccessibleDescription("Enter the street address.");
  await expect(form.getByLabel("State", { exact: true })).toHaveAccessibleDescription("Enter the state.");
  await expect(form.getByLabel("ZIP code")).toHaveAccessibleDescription("Enter a 5-digit ZIP code.");
  await expect(form.getByLabel("Full name")).not.toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("City")).not.toHaveAttribute("aria-invalid", "true");
  // What was typed is still there, and the focus is on the first field to correct.
  await expect(form.getByLabel("Full name")).toHaveValue("Ben Mistake");
  await expect(email).toHaveValue("ben@example");
  await expect(form.getByLabel("Phone")).toHaveValue("call me maybe");
  await expect(form.getByLabel("City")).toHaveValue("Baton Rouge");
  await expect(form.getByLabel("ZIP code")).toHaveValue("7080");
  await expect(email).toBeFocused();
  // Nothing was ordered: the work is still in the cart and still for sale.
  expect((await storedCart(page)).map((i) => i.title)).toEqual([title]);
  await page.goto("/shop");
  await expect(shopEntry(page, title)).toHaveCount(1);
});

test("without JavaScript, Buy now and shipping to Canada: the page says the total for that choice, then the order is placed", async ({
  browser,
  baseURL,
}) => {
  const title = "Night Garden Study";
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/shop");
  await shopEntry(page, title).getByRole("link", { name: "Buy now" }).click();
  const form = checkoutForm(page);
  await expect(page.getByRole("region", { name: "Order summary" }).getByText(title)).toBeVisible();
  // The page was drawn for the studio's country; without JavaScript it cannot redraw its total for another.
  await form.getByLabel("Full name").fill("Noor Nojs");
  await page.getByLabel("Email").fill("noor.nojs@example.com");
  await form.getByLabel("Country").selectOption("CA");
  await form.getByRole("radio", { name: /Insured shipping/ }).check();
  await form.getByLabel("Street address").fill("1200 Rue Saint-Denis");
  await form.getByLabel("City").fill("Montréal");
  await page.getByLabel("State").fill("QC");
  await form.getByLabel("ZIP code").fill("H2X 3J6");
  await form.getByRole("button", { name: /^Place order/ }).click();

  const said = page.getByRole("alert").filter({ hasText: /^With shipping and tax for your choices, the total is/ });
  await expect(said).toContainText("Please check it and place your order again.");
  await expect(page.getByText("A price in your cart has changed")).toHaveCount(0);
  // Drawn again for Canada, with what was typed: the button now says the total just given.
  const total = /the total is (\$[\d,.]+)\./.exec((await said.textContent()) ?? "")![1]!;
  await expect(form.getByLabel("Postal code")).toHaveValue("H2X 3J6");
  await form.getByRole("button", { name: `Place order · ${total}` }).click();
  placed.push(await confirmedOrderNumber(page));
  await context.close();
});

adminTest(
  "the artist marks an order paid and ships it with a tracking number; tracking then shows it shipped",
  async ({ page }) => {
    const title = "The Long Afternoon";
    const email = "cleo.buyer@example.com";
    const number = await buyFromShop(page, title, { name: "Cleo Buyer", email, street: "400 Magazine Street" });
    placed.push(number);

    await page.goto("/admin/orders");
    const row = page.getByRole("row").filter({ hasText: number });
    await expect(row).toContainText("Awaiting payment");
    await row.getByRole("link", { name: number }).click();
    await expect(page).toHaveURL(/\/admin\/orders\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: `Order ${number}` })).toBeVisible();

    await page.getByLabel("Note").first().fill("Transfer ref 7731");
    await page.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Order ${number} is marked paid.` })).toBeVisible();

    // A tracking number is required to ship; then the link is made from it for a known carrier.
    await page.getByLabel("Carrier").fill("UPS");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByLabel("Tracking number")).toHaveAccessibleDescription("Enter the tracking number.");
    await expect(page.getByLabel("Carrier")).toHaveValue("UPS");
    await page.getByLabel("Tracking number").fill("1Z999AA10123456784");
    await page.getByRole("button", { name: "Mark shipped" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Order ${number} is shipped` })).toBeVisible();

    // Every change is in the history, with who made it.
    const history = page.getByRole("region", { name: "History" });
    await expect(history.getByRole("listitem")).toHaveCount(3);
    await expect(history).toContainText("Paid by admin@example.com");
    await expect(history).toContainText("Transfer ref 7731");
    await expect(history).toContainText("Shipped by admin@example.com");
    await expect(history).toContainText("UPS 1Z999AA10123456784");

    await track(page, number, email);
    const timeline = page.getByRole("list", { name: "Order status" });
    await expect(timeline.getByText("Paid (done)")).toBeAttached();
    await expect(timeline.getByText("Shipped (done)")).toBeAttached();
    await expect(timeline.getByText("Delivered (not yet)")).toBeAttached();
    await expect(timeline).toContainText("UPS, tracking number 1Z999AA10123456784");
    await expect(timeline.getByRole("link", { name: "Follow the parcel" })).toHaveAttribute(
      "href",
      "https://www.ups.com/track?tracknum=1Z999AA10123456784",
    );
  },
);
