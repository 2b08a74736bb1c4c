// The contact form at 375 px: one column, every field reachable and labelled.
import { expect, test } from "../support/fixtures";

test("the contact form fits a phone and sends", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByRole("form", { name: "Contact form" });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await form.getByLabel("Name").fill("Kim");
  await form.getByLabel("Email").fill("kim@example.com");
  await form.getByLabel("Inquiry type").selectOption("exhibition");
  await form.getByLabel("Message").fill("We would like to show three works in our spring group exhibition.");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your message has been sent." })).toBeVisible();
});
