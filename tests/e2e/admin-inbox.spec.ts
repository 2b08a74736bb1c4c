// The artist's inbox: a contact message and a commission request sent on the public site reach
// Contact Messages and the Commission Pipeline, where the artist works through them.
import { adminTest as test, expect } from "../support/admin-fixtures";
import { sendCommissionRequest, sendContactMessage } from "../support/inquiry-flow";

test("a contact message arrives as New, opens as Read, and can be marked replied", async ({ page }) => {
  const subject = `Studio visit ${Date.now()}`;
  await sendContactMessage(page, "/contact", {
    name: "Lee Visitor",
    email: "lee@example.com",
    subject,
    message: "Could I visit the studio during the open weekend in May?",
  });

  await page.goto("/admin/messages");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Messages" })).toBeVisible();
  const item = page.getByRole("listitem").filter({ hasText: subject });
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  // Fetching the message's page (as a link prefetch or a crawler does) changes nothing: only its pane on screen does.
  const detailUrl = await item.getByRole("link").getAttribute("href");
  expect((await page.request.get(detailUrl!)).status()).toBe(200);
  await page.reload();
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  await item.getByRole("link").click();

  const detail = page.getByRole("article").filter({ has: page.getByRole("heading", { name: subject }) });
  await expect(detail.getByText("Lee Visitor <lee@example.com>")).toBeVisible();
  await expect(detail.getByText("Could I visit the studio during the open weekend in May?")).toBeVisible();
  await expect(detail.getByText("Read", { exact: true })).toBeVisible();
  // The shared server's studio is in America/Chicago (the demo data): its moments are said in the studio's
  // time, as an order's are, not in UTC.
  await expect(detail.getByRole("definition").last()).toHaveText(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} C[SD]T$/);
  await expect(detail.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:lee@example.com?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );
  await detail.getByRole("button", { name: "Mark replied" }).click();
  await expect(detail.getByText("Replied", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: /^Replied/ }).click();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toBeVisible();

  // The bar over the list acts on the ticked messages; its buttons are named apart from the open message's.
  await expect(page.getByRole("button", { name: "Archive", exact: true })).toHaveCount(0);
  await page.getByRole("listitem").filter({ hasText: subject }).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Archive selected" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: subject })).toHaveCount(0);
  await page.getByRole("link", { name: /^Archived/ }).click();
  await expect(
    page.getByRole("listitem").filter({ hasText: subject }).getByText("Archived", { exact: true }),
  ).toBeVisible();
});

test("a commission request appears in the pipeline and moves between stages", async ({ page }) => {
  const name = `Commissioner ${Date.now()}`;
  await sendCommissionRequest(page, {
    name,
    email: "collector@example.com",
    description: "Two small paintings in greens for a reading room.",
    budget: "$2,000 – $5,000",
  });

  await page.goto("/admin/commissions");
  const requested = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^Requested/ }) });
  await expect(requested.getByRole("link", { name })).toBeVisible();
  await page.getByLabel(`Stage of ${name}’s commission`).selectOption({ label: "In discussion" });
  const discussing = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: /^In discussion/ }) });
  await expect(discussing.getByRole("link", { name })).toBeVisible();

  await page.reload();
  await expect(discussing.getByRole("link", { name })).toBeVisible();
  await discussing.getByRole("link", { name }).click();
  const detail = page.getByRole("article");
  await expect(detail.getByText("$2,000 – $5,000")).toBeVisible();
  await expect(detail.getByText("Two small paintings in greens for a reading room.")).toBeVisible();
});
