// Accounts that exist on the shared end-to-end server from its start (playwright.config.ts runs
// create-admin before the server), and a way to sign in as one of them in a test.
import type { Page } from "@playwright/test";

export const E2E_ADMIN = { email: "admin@atelier.test", password: "easel linen ochre", name: "Studio Admin" } as const;

/** Signs in through the /auth form and waits until the site shows the account in its header. */
export async function signInAs(page: Page, who: { email: string; password: string }, redirectTo = "/") {
  await page.goto(`/auth?redirectTo=${encodeURIComponent(redirectTo)}`);
  await page.getByLabel("E-mail address").fill(who.email);
  await page.getByLabel("Password", { exact: true }).fill(who.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await page.waitForURL((url) => url.pathname + url.search === redirectTo);
}
