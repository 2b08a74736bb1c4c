// The public inquiry forms sent through the pages, as a visitor sends them, for the specs about what follows
// (the artist's inbox, the bell, the customer list, an invoice): the form opened, filled, sent, and its thank-you
// seen. The forms themselves (their errors, their fields on a phone) are inquiries.spec.ts's own.
import type { Page } from "@playwright/test";
import { expect } from "./fixtures";

/** Opens the contact form at `url` (a path under the page's baseURL, or a whole URL) and sends the message. */
export async function sendContactMessage(
  page: Page,
  url: string,
  fields: { name: string; email: string; subject?: string; message: string },
) {
  await page.goto(url);
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("Name").fill(fields.name);
  await form.getByLabel("Email").fill(fields.email);
  if (fields.subject !== undefined) await form.getByLabel("Subject (optional)").fill(fields.subject);
  await form.getByLabel("Message").fill(fields.message);
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your message has been sent." })).toBeVisible();
}

/** Opens /commissions and sends a request with the given painting in mind and budget range (its label). */
export async function sendCommissionRequest(
  page: Page,
  fields: { name: string; email: string; description: string; budget: string },
) {
  await page.goto("/commissions");
  const form = page.getByRole("form", { name: "Commission request" });
  await form.getByLabel("Name").fill(fields.name);
  await form.getByLabel("Email").fill(fields.email);
  await form.getByLabel("The painting you have in mind").fill(fields.description);
  await form.getByLabel("Budget").selectOption({ label: fields.budget });
  await form.getByRole("button", { name: "Send request" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your request has been sent." })).toBeVisible();
}
