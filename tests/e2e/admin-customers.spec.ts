// Customer Management: a visitor who writes appears as a customer, found by name, with the message counted
// and linked to the inbox.
import { adminTest as test, expect } from "../support/admin-fixtures";
import { sendContactMessage } from "../support/inquiry-flow";

test("someone who writes to the studio is listed as a customer, found by name", async ({ page, browser }) => {
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const contact = await visitor.newPage();
  await sendContactMessage(contact, "/contact", {
    name: "Nadia Verhoeven",
    email: "Nadia.Verhoeven@example.com",
    message: "Do you have smaller works on paper for a first purchase?",
  });
  await visitor.close();

  await page.goto("/admin/customers");
  await expect(page.getByRole("heading", { name: "Customer Management" })).toBeVisible();
  await page.getByLabel("Search").fill("verhoeven");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\/customers\?q=verhoeven/);
  await expect(page.getByRole("navigation", { name: "Pages of customers" })).toHaveText("Showing 1–1 of 1");
  const row = page.getByRole("row", { name: /Nadia Verhoeven/ });
  await expect(row.getByRole("link", { name: "nadia.verhoeven@example.com" })).toBeVisible();
  // Orders, spent, commissions, messages.
  await expect(row.getByRole("cell")).toHaveText([/Nadia Verhoeven/, "0", "—", "0", "1", /.+/]);
  await row.getByRole("link", { name: "1" }).click();
  await expect(page).toHaveURL(/\/admin\/messages/);

  await page.goto("/admin/customers?q=nobody-at-all");
  await expect(page.getByText("Nobody matches that search.")).toBeVisible();
});
