// Invoice Generation for a commission: a collector's request, opened from its page's Create invoice, becomes a
// deposit invoice with the amount and tax the artist enters; a due date before the issue date is refused beside
// the field; voiding keeps the number.
import { sendCommissionRequest } from "../support/inquiry-flow";
import { expect, ownServerTest as test } from "../support/own-admin-server";

test.use({ expectedConsoleErrors: [/status of 400 \(Bad Request\)/] });

test("a commission's deposit invoice, checked field by field, then voided", async ({ adminPage: page, visitor }) => {
  test.setTimeout(120_000);
  await sendCommissionRequest(visitor, {
    name: "Ana Ruiz",
    email: "ana.ruiz@example.com",
    description: "A large, calm painting in blues for a living room.",
    budget: "$5,000 – $10,000",
  });

  // The commission's page links to Invoice Generation with it chosen.
  await page.goto("/admin/commissions");
  await page.getByRole("link", { name: "Ana Ruiz" }).click();
  await page.getByRole("link", { name: "Open the commission" }).click();
  await page.getByRole("link", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\?commission=/);
  const commission = page.getByRole("form", { name: "For a commission" });
  await expect(
    commission.getByRole("option", { name: "Ana Ruiz · ana.ruiz@example.com", selected: true }),
  ).toBeAttached();
  await commission.getByLabel("Invoice for").selectOption({ label: "Deposit" });
  await commission.getByLabel("Description").fill("Deposit (50 %) for a commissioned painting in blues");
  await commission.getByLabel("Amount (USD)").fill("3,000");
  await commission.getByLabel("Tax (USD) (optional)").fill("283.50");
  await commission.getByLabel("Issue date (optional)").fill("2026-11-20");
  await commission.getByLabel("Due date (optional)").fill("2026-11-01");
  await commission.getByRole("button", { name: "Create commission invoice" }).click();

  const due = commission.getByLabel("Due date (optional)");
  await expect(due).toHaveAttribute("aria-invalid", "true");
  await expect(due).toHaveAccessibleDescription("The due date cannot be before the issue date.");
  await expect(commission.getByLabel("Amount (USD)")).toHaveValue("3,000");
  await due.fill("2026-12-04");
  await commission.getByRole("button", { name: "Create commission invoice" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Invoice INV-2026-0001" })).toBeVisible();
  const invoice = page.getByRole("article", { name: "Invoice INV-2026-0001" });
  await expect(invoice).toContainText("Ana Ruiz");
  await expect(invoice).toContainText("November 20, 2026");
  await expect(invoice).toContainText("December 4, 2026");
  await expect(invoice.getByRole("row", { name: /Deposit \(50 %\)/ })).toContainText("$3,000");
  await expect(invoice.getByTestId("invoice-total")).toHaveText("$3,283.50");

  // Voiding cannot be undone: a dialog asks first, and Cancel changes nothing.
  await page.getByRole("button", { name: "Void" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Void invoice INV-2026-0001?" });
  await expect(confirm).toContainText("The number stays used and cannot be given again.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("button", { name: "Send to buyer" })).toBeVisible();
  await page.getByRole("button", { name: "Void" }).click();
  await confirm.getByRole("button", { name: "Void invoice" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole("status")).toHaveText("Invoice INV-2026-0001 is void; its number is not reused.");
  await expect(invoice.getByText("Void", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send to buyer" })).toHaveCount(0);

  // The next invoice takes the next number.
  await page.goto("/admin/invoices");
  await commission.getByLabel("Commission").selectOption({ label: "Ana Ruiz · ana.ruiz@example.com" });
  await commission.getByLabel("Description").fill("Deposit for a commissioned painting in blues");
  await commission.getByLabel("Amount (USD)").fill("3000");
  await commission.getByLabel("Issue date (optional)").fill("2026-11-21");
  await commission.getByRole("button", { name: "Create commission invoice" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invoice INV-2026-0002" })).toBeVisible();
  await expect(
    page.getByRole("article", { name: "Invoice INV-2026-0002" }).getByText("December 5, 2026"),
  ).toBeVisible();
});
