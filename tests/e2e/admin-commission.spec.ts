// The commission pipeline the artist works from (issue 14 item 12): a request opens on its own page, where the
// artist writes a quote and a note, moves it on, marks the deposit paid (an invoice is made and marked paid)
// and gives the client their private link; the client opens it without an account and sees the stage, the
// quote and the payment, never the notes; a wrong link is 404; the list pages and searches every commission.
// On a server of this spec's own: it adds commissions and invoices, and the invoice specs count invoice numbers
// on the worker's shared admin server.
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { adminContext } from "../support/admin-fixtures";
import { specServer } from "../support/app-server";
import { expect, test } from "../support/fixtures";
import { sendCommissionRequest } from "../support/inquiry-flow";

const server = specServer({ ...ADMIN_SERVER_ENV });
test("quote, note, stage, deposit and the client's private page", async ({ browser }) => {
  const ownServer = server;
  const admin = await adminContext(browser, server.url);
  const page = await admin.newPage();
  const name = `Ines Okafor ${Date.now()}`;
  await sendCommissionRequest(page, {
    name,
    email: "ines@example.com",
    description: "A large harbour painting in blues for a stairwell.",
    budget: "$2,000 – $5,000",
  });

  // From the board to the commission's own page.
  await page.goto("/admin/commissions");
  await page.getByRole("link", { name }).click();
  await page.getByRole("link", { name: "Open the commission" }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // The way back has a name of its own: "Commission Pipeline" is the sidebar's link alone.
  await expect(page.getByRole("link", { name: "All commissions" })).toHaveAttribute("href", "/admin/commissions");
  await expect(page.getByRole("link", { name: "Commission Pipeline" })).toHaveCount(1);

  // A quote: a mistake is named beside its field and what was typed stays.
  const quote = page.getByRole("region", { name: "Quote" });
  await quote.getByLabel("Price (USD)").fill("lots");
  await quote.getByLabel("Deposit (%)").fill("30");
  await quote.getByRole("button", { name: "Save the quote" }).click();
  await expect(quote.getByText("Enter the price in dollars, like 4800 or 4800.00.")).toBeVisible();
  await expect(quote.getByLabel("Deposit (%)")).toHaveValue("30");
  await quote.getByLabel("Price (USD)").fill("4800");
  await quote.getByLabel("Ready by").fill("2027-03-01");
  await quote.getByLabel("Terms").fill("Oil on linen, 48 × 36 in. Shipping included.");
  await quote.getByRole("button", { name: "Save the quote" }).click();
  await expect(page.getByText("Quote saved. The client's page shows it.")).toBeVisible();

  const history = page.getByRole("region", { name: "Notes and history" });
  await history.getByLabel("New note").fill("Prefers cooler greens; call after 5 pm.");
  await history.getByRole("button", { name: "Add note" }).click();
  await expect(history.getByRole("list", { name: "History" })).toContainText("Prefers cooler greens");

  const stage = page.getByRole("region", { name: "Stage" });
  await stage.getByLabel("Stage").selectOption({ label: "Accepted" });
  await stage.getByRole("button", { name: "Move" }).click();
  await expect(history.getByRole("list", { name: "History" })).toContainText("Moved from Requested to Accepted");

  const payments = page.getByRole("region", { name: "Payments" });
  await expect(payments).toContainText("Deposit $1,440");
  await payments.getByRole("button", { name: "Mark deposit paid" }).click();
  await expect(payments).toContainText(/Paid · invoice INV-\d{4}-\d{4}/);

  // The client's page, opened by someone without an account.
  const link = await page.getByRole("region", { name: "Client’s page" }).getByLabel("Client link").inputValue();
  expect(link).toMatch(/\/commission\/[0-9a-f-]{36}\.[\w-]{32}$/);
  const client = await browser.newPage();
  await client.goto(link.replace(/^https?:\/\/[^/]+/, ownServer.url));
  await expect(client.getByRole("heading", { level: 1, name: "Accepted" })).toBeVisible();
  await expect(client.getByText("$4,800")).toBeVisible();
  // A paid deposit is said as what was paid (the percentage was of the quote at the time).
  await expect(client.getByText(/^\$1,440 Paid$/)).toBeVisible();
  await expect(client.getByText("Prefers cooler greens")).toHaveCount(0);
  await expect(client.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  const wrong = await client.goto(
    `${ownServer.url}/commission/${"0".repeat(8)}-0000-4000-8000-000000000000.${"x".repeat(32)}`,
  );
  expect(wrong?.status()).toBe(404);
  await client.close();

  // The list: every commission, searched.
  await page.goto("/admin/commissions?view=list");
  const list = page.getByRole("region", { name: "All commissions" });
  await list.getByLabel("Search commissions").fill(name);
  await list.getByRole("button", { name: "Search" }).click();
  await expect(list.getByRole("row").filter({ hasText: name })).toContainText("Accepted");
  await expect(list.getByRole("row").filter({ hasText: name })).toContainText("$4,800");
  await admin.close();
});
