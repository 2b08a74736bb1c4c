// Policies (issue 14 item 13): Privacy, Terms and Shipping are edited in the admin as Markdown; until then
// they are written from the shop settings, so turning pickup off takes it off the Shipping page too. On a
// server of this spec's own (it changes public pages and the shop settings).
import type { Page } from "@playwright/test";
import { holdScripts, waitForHydration } from "../support/fixtures";
import { expect, ownServerTest as test } from "../support/own-admin-server";

async function setPickup(page: Page, on: boolean) {
  await page.goto("/admin/settings");
  const pickup = page.getByRole("region", { name: "Shop" }).getByLabel("Offer free pickup from the studio");
  await pickup.setChecked(on);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.")).toBeVisible();
}

test("the artist rewrites the Shipping page, a visitor reads it, and Reset brings the default back", async ({
  adminPage: page,
  visitor,
}) => {
  await visitor.goto("/shipping");
  await expect(visitor.getByRole("heading", { level: 1, name: "Shipping Info" })).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 2, name: "Where we ship, and what it costs" })).toBeVisible();
  await expect(visitor.getByText("United States: $95")).toBeVisible();

  await page.goto("/admin/policies");
  await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
  // fill() selects the prefilled text, then inserts: React hydrating the textarea between the two (a loaded
  // machine) put the server's text back with the caret at its end, and the new text was appended to it.
  await waitForHydration(page);
  const shipping = page.getByRole("region", { name: "Shipping Info" });
  await expect(shipping.getByText("The default, written from your shop settings.")).toBeVisible();
  await shipping
    .getByRole("textbox", { name: "Shipping Info text" })
    .fill("## Crated by hand\n\nEvery painting travels in a wooden crate built for it in the studio.");
  await shipping.getByRole("button", { name: "Save Shipping Info" }).click();
  await expect(shipping.getByText("Your own text.")).toBeVisible();

  await visitor.goto("/shipping");
  await expect(visitor.getByRole("heading", { level: 2, name: "Crated by hand" })).toBeVisible();
  await expect(visitor.getByText("Every painting travels in a wooden crate built for it in the studio.")).toBeVisible();
  await expect(visitor.getByText("United States: $95")).toHaveCount(0);

  await shipping.getByRole("button", { name: "Reset to default" }).click();
  await expect(shipping.getByText("The default, written from your shop settings.")).toBeVisible();
  await visitor.goto("/shipping");
  await expect(visitor.getByRole("heading", { level: 2, name: "Where we ship, and what it costs" })).toBeVisible();
});

test("text typed into a policy before the page is interactive is still there once it is", async ({
  adminPage: page,
}) => {
  // React resets a prefilled textarea to the server's text when it hydrates it (React 19.3's initTextarea):
  // on a slow connection the artist could start writing first and lose it.
  const scripts = await holdScripts(page);
  // The admin's scripts are modules in the head: held, the page never reaches "load" (nor DOMContentLoaded).
  await page.goto("/admin/policies", { waitUntil: "commit" });
  const text = page
    .getByRole("region", { name: "Terms of Service" })
    .getByRole("textbox", { name: "Terms of Service text" });
  await text.fill("## Our terms\n\nWritten before the page was interactive.");
  await expect.poll(() => scripts.count()).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__atelierHydrated === true)).toBe(false);

  await scripts.release();
  await waitForHydration(page);
  await expect(text).toHaveValue("## Our terms\n\nWritten before the page was interactive.");
  // React's state holds it too: the preview renders the typed text.
  await page
    .getByRole("region", { name: "Terms of Service" })
    .getByRole("group", { name: "Write or preview" })
    .getByRole("button", { name: "Preview" })
    .click();
  await expect(page.getByRole("heading", { level: 3, name: "Our terms" })).toBeVisible();
});

test("with pickup turned off in Settings, the default Shipping page no longer offers it", async ({
  adminPage: page,
  visitor,
}) => {
  await setPickup(page, true);
  await visitor.goto("/shipping");
  await expect(visitor.getByRole("heading", { level: 2, name: "Collecting from the studio" })).toBeVisible();

  await setPickup(page, false);
  await visitor.goto("/shipping");
  await expect(visitor.getByRole("heading", { level: 2, name: "Where we ship, and what it costs" })).toBeVisible();
  await expect(visitor.getByText(/collect/i)).toHaveCount(0);

  await setPickup(page, true);
});
