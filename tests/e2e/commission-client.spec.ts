// A commission from the request to the deposit (issue 14 item 12): a visitor asks for a painting with a
// reference image (a file that is no image is refused beside its field, keeping what was typed); the artist
// sees the image, writes a quote, moves the work on and uploads a work-in-progress photo; the client opens the
// secret link, sees the stage, the photo and their reference, and pays the deposit through the Stripe
// stand-in (tests/support/stripe-standin.ts); the signed webhook marks it paid and the artist's page says so.
// On a server of this spec's own, with STRIPE_* pointing at the stand-in (as shop-stripe.spec.ts does).
import type { Page } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { adminContext } from "../support/admin-fixtures";
import { startAppServer, type AppServer } from "../support/app-server";
import { startStripeStandIn, type StripeStandIn } from "../support/stripe-standin";
import { expect, test, waitForHydration } from "../support/fixtures";
import { solidPicture } from "../support/images";

let standIn: StripeStandIn;
let server: AppServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  standIn = await startStripeStandIn();
  server = await startAppServer({
    ...ADMIN_SERVER_ENV,
    ...standIn.env(),
  });
  standIn.webhookUrl = `${server.url}/webhooks/stripe`;
});
test.afterAll(async () => {
  await server?.stop();
  await standIn?.close();
});

const picture = (background: string, width = 1200, height = 900) => solidPicture(width, height, background);

/** Screenshots for looking at the pages (COMMISSION_SCREENSHOTS=/tmp): at the desktop and the phone width. */
async function shoot(page: Page, name: string) {
  const dir = process.env.COMMISSION_SCREENSHOTS;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test("a request with a reference image, a quote and a progress photo, and the deposit paid by card", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Ines Okafor ${Date.now()}`;

  // The visitor's request: a file that only calls itself a JPEG is refused beside its field.
  await page.goto(`${server.url}/commissions`);
  await waitForHydration(page);
  const form = page.getByRole("form", { name: "Commission request" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Email").fill("ines@example.com");
  await form
    .getByLabel("The painting you have in mind")
    .fill("A harbour at dusk in the greys of my photo, for a stairwell.");
  await form.getByLabel("Budget").selectOption({ label: "$2,000 – $5,000" });
  const references = form.getByLabel("Reference images");
  await references.setInputFiles({ name: "harbour.jpg", mimeType: "image/jpeg", buffer: Buffer.from("not a photo") });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(form.getByText("“harbour.jpg” is not a JPEG, PNG, WebP or AVIF image.")).toBeVisible();
  await expect(references).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel("The painting you have in mind")).toHaveValue(/A harbour at dusk/);
  await expect(form.getByLabel("Name")).toHaveValue(name);
  await references.setInputFiles({ name: "harbour.jpg", mimeType: "image/jpeg", buffer: await picture("#6f8391") });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your request has been sent." })).toBeVisible();

  // The artist: the reference image on the commission's page, a quote, a stage, a progress photo.
  const admin = await adminContext(browser, server.url);
  const artist = await admin.newPage();
  await artist.goto("/admin/commissions");
  await artist.getByRole("link", { name }).click();
  await artist.getByRole("link", { name: "Open the commission" }).click();
  await expect(artist.getByRole("heading", { level: 1, name })).toBeVisible();
  const reference = artist
    .getByRole("list", { name: "Reference images" })
    .getByRole("link", { name: "Reference image 1 (harbour.jpg), full size" });
  await expect(reference).toBeVisible();
  const full = await admin.request.get(`${server.url}${await reference.getAttribute("href")}`);
  expect(full.status()).toBe(200);
  expect(full.headers()["content-type"]).toBe("image/webp");

  const quote = artist.getByRole("region", { name: "Quote" });
  await quote.getByLabel("Price (USD)").fill("4800");
  await quote.getByLabel("Deposit (%)").fill("30");
  await quote.getByRole("button", { name: "Save the quote" }).click();
  await expect(artist.getByText("Quote saved. The client's page shows it.")).toBeVisible();
  const stage = artist.getByRole("region", { name: "Stage" });
  await stage.getByLabel("Stage").selectOption({ label: "In progress" });
  await stage.getByRole("button", { name: "Move" }).click();
  const history = artist.getByRole("list", { name: "History" });
  await expect(history).toContainText("Moved from Requested to In progress");

  const progress = artist.getByRole("region", { name: "Work in progress" });
  await progress.getByLabel("Photo").setInputFiles({
    name: "first-layer.jpg",
    mimeType: "image/jpeg",
    buffer: await picture("#39566b", 1600, 1200),
  });
  await progress.getByLabel("Caption (optional)").fill("The first layer of blues");
  await progress.getByRole("button", { name: "Add photo" }).click();
  await expect(artist.getByText("Photo added. The client's page shows it.")).toBeVisible();
  await expect(progress.getByRole("list", { name: "Progress photos" })).toContainText("The first layer of blues");
  await expect(history).toContainText("Photo added: The first layer of blues");
  await shoot(artist, "commission-admin");

  // The client, without an account: the stage, the photo, their reference, and the deposit to pay.
  const link = await artist.getByRole("region", { name: "Client’s page" }).getByLabel("Client link").inputValue();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, server.url));
  await expect(page.getByRole("heading", { level: 1, name: "In progress" })).toBeVisible();
  const studio = page.getByRole("region", { name: "In the studio" });
  await expect(studio.getByRole("img", { name: "The first layer of blues" })).toBeVisible();
  await expect(studio.getByText("The first layer of blues")).toBeVisible();
  await expect(page.getByRole("list", { name: "Your reference images" }).getByRole("img")).toHaveCount(1);
  await shoot(page, "commission-client");

  await page.getByRole("button", { name: "Pay deposit · $1,440" }).click();
  await expect(page).toHaveURL(new RegExp(`^${standIn.url}/pay/cs_test_\\w+$`));
  await expect(page.getByRole("heading", { name: "Pay 1440.00 USD" })).toBeVisible();
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(
    page
      .getByRole("status")
      .filter({ hasText: "Thank you: your deposit is paid. The receipt is in the history below." }),
  ).toBeVisible();
  await expect(page.getByText(/^\$1,440 Paid$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay balance · $3,360" })).toBeVisible();
  await expect(page.getByRole("region", { name: "So far" })).toContainText(/Deposit paid by card \(invoice INV-/);
  await shoot(page, "commission-client-paid");

  // The artist's page: the deposit is paid, with its invoice, in the history too.
  await artist.reload();
  await expect(artist.getByRole("region", { name: "Payments" })).toContainText(/Deposit \$1,440Paid · invoice INV-/);
  await expect(history).toContainText("Deposit paid by card");
  await admin.close();
});
