// Invoice Generation end to end, on a server of its own with a real SMTP peer: an order placed in the shop
// becomes an invoice in one click, printable with the order's total, downloadable as a PDF, and sent to the
// buyer, who receives it with the PDF attached; voiding keeps the number; the order refunded, its invoice says so.
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { signInAdmin } from "../support/admin-fixtures";
import { expect, test } from "../support/fixtures";
import { specServer } from "../support/app-server";
import { seriousViolations } from "../support/axe";
import { buyFromShop, demoPrice, money, usOrderTotals } from "../support/shop-flow";
import { decodeMime } from "../support/smtp-peer";

const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" }, { logs: /mail|"level":[45]0|job/i });
test("an order becomes a printable invoice with its total, sent to the buyer with the PDF", async ({ page }) => {
  test.setTimeout(180_000);
  const url = (path: string) => `${server.url}${path}`;
  const title = "Magnolia Static";
  const { totalCents } = usOrderTotals(demoPrice(title).cents);

  // A buyer orders a work.
  const orderNumber = await buyFromShop(
    page,
    title,
    { name: "Iris Delacroix", email: "iris.delacroix@example.com" },
    server.url,
  );

  // The artist opens the order and makes its invoice in one click.
  // ADMIN_EMAIL's account is confirmed at creation (the operator vouches for the address): it signs in at once.
  const request = page.context().request;
  await signInAdmin(request, server.url);
  await page.goto(url(`/admin/orders?q=${orderNumber}`));
  await page.getByRole("link", { name: orderNumber }).click();
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page).toHaveURL(/\/admin\/invoices\/[0-9a-f-]{36}$/);
  const heading = page.getByRole("heading", { level: 1, name: /^Invoice INV-\d{4}-0001$/ });
  await expect(heading).toBeVisible();
  const invoiceNumber = (await heading.textContent())!.replace("Invoice ", "").trim();
  const invoice = page.getByRole("article", { name: `Invoice ${invoiceNumber}` });
  await expect(invoice.getByText("Iris Delacroix")).toBeVisible();
  await expect(invoice.getByText("40 Royal Street")).toBeVisible();
  await expect(invoice.getByRole("cell", { name: new RegExp(`^${title}`) })).toBeVisible();
  await expect(invoice.getByTestId("invoice-total")).toHaveText(money(totalCents));

  expect(await seriousViolations(page)).toEqual([]);

  // Printable: in print the admin frame and the buttons are gone, the invoice stays.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Send to buyer" })).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();
  await expect(invoice.getByTestId("invoice-total")).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // The PDF.
  const pdf = await page.context().request.get(url(`/admin/invoices/${page.url().split("/").pop()}/pdf`));
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Send to the buyer: the SMTP peer receives it, with the PDF attached.
  await page.getByRole("button", { name: "Send to buyer" }).click();
  await expect(page.getByRole("status")).toHaveText("Invoice queued for iris.delacroix@example.com.");
  await expect(page.getByText(/^Sent /)).toBeVisible();
  const mail = await server.smtp.waitFor(
    (m) => m.to.includes("iris.delacroix@example.com") && decodeMime(m.raw).includes(`Invoice ${invoiceNumber}`),
    90_000,
  );
  expect(mail.raw).toContain("application/pdf");
  expect(mail.raw).toContain(`${invoiceNumber}.pdf`);

  // The list finds it; marking it paid, then it cannot be voided.
  await page.getByRole("button", { name: "Mark paid" }).click();
  await expect(page.getByRole("status")).toHaveText("Marked paid.");
  await expect(page.getByRole("button", { name: "Void" })).toHaveCount(0);
  await page.goto(url("/admin/invoices?status=paid"));
  const row = page.getByRole("row", { name: new RegExp(invoiceNumber) });
  await expect(row).toContainText("Iris Delacroix");
  await expect(row).toContainText(money(totalCents));
  await expect(row).toContainText("Paid");
  expect(await seriousViolations(page)).toEqual([]);

  // The invoice's payment is the order's: the order is paid too, its work sold (no lapse puts it back on sale).
  await page.goto(url(`/admin/orders?q=${orderNumber}`));
  await expect(page.getByRole("row").filter({ hasText: orderNumber })).toContainText("Paid");

  // The order refunded, its invoice says so, on its page and in the list: the money it records went back.
  await page.getByRole("link", { name: orderNumber }).click();
  await page.getByLabel("I confirm the full refund of this order").check();
  await page.getByRole("button", { name: "Refund order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is refunded" })).toHaveText(
    `Order ${orderNumber} is refunded; its works are for sale again.`,
  );
  await page.getByRole("link", { name: `Invoice ${invoiceNumber}` }).click();
  await expect(
    page.getByText(`Order ${orderNumber} was refunded: the payment this invoice records was given back to the buyer.`),
  ).toBeVisible();
  await expect(invoice.getByText("Refunded", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Refunded /)).toBeVisible();
  for (const step of ["Send to buyer again", "Mark paid", "Void", "Record refund"])
    await expect(page.getByRole("button", { name: step })).toHaveCount(0);
  await page.goto(url("/admin/invoices?status=refunded"));
  const refunded = page.getByRole("row", { name: new RegExp(invoiceNumber) });
  await expect(refunded).toContainText("Refunded");
  await expect(refunded).toContainText(`Order ${orderNumber} refunded`);
  // The shop's one order is refunded: there is an order, but none to invoice.
  await expect(page.getByRole("form", { name: "From an order" })).toContainText(
    "No order to invoice: cancelled and refunded orders get none.",
  );
  expect(await seriousViolations(page)).toEqual([]);
});
