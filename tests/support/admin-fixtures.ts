// Admin specs: `adminTest` runs every page signed in as the administrator that playwright.config.ts provisions
// with ADMIN_EMAIL/ADMIN_PASSWORD. One sign-in per worker (the sign-in endpoint is rate limited), reused as
// storage state by every test of that worker.
import { join } from "node:path";
import {
  request as playwrightRequest,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from "@playwright/test";
import { ADMIN } from "./accounts";
import { expect, test } from "./fixtures";
import { runTempDir } from "./test-run";

/** Signs a request context in on the server at `baseURL` (its cookie jar keeps the session). */
export async function signIn(context: APIRequestContext, baseURL: string, email: string, password: string) {
  const response = await context.post(new URL("/api/auth/sign-in/email", baseURL).href, {
    data: { email, password },
    headers: { origin: baseURL },
  });
  expect(response.ok(), `sign-in of ${email}: ${response.status()} ${response.ok() ? "" : await response.text()}`).toBe(
    true,
  );
}

/** Signs the suite's administrator in on the server at `baseURL` (a spec's own server too). */
export const signInAdmin = (context: APIRequestContext, baseURL: string) =>
  signIn(context, baseURL, ADMIN.email, ADMIN.password);

/** A browser context on the server at `baseURL`, `width` px wide and 900 high, signed in as the administrator. */
export async function adminContext(browser: Browser, baseURL: string, width = 1280): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  await signInAdmin(context.request, baseURL);
  return context;
}

/**
 * A desktop page (1280 × 900) on the server at `baseURL` of `who`, signed in (signed up first with `create`), on
 * the home page once its realtime connection is up.
 */
export async function connectedPage(
  browser: Browser,
  baseURL: string,
  who: { email: string; password: string; name?: string },
  create = false,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  if (create) await signUp(context.request, baseURL, who.email, who.password, who.name);
  else await signIn(context.request, baseURL, who.email, who.password);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
  return { context, page };
}

/** Signs a new plain user up (better-auth signs them in); the cookie lands in the context. */
export async function signUp(context: APIRequestContext, baseURL: string, email: string, password: string, name = "") {
  const response = await context.post("/api/auth/sign-up/email", {
    data: { email, password, name },
    headers: { origin: baseURL },
  });
  expect(response.ok(), `sign-up of ${email}: ${response.status()}`).toBe(true);
}

/**
 * Presses Sign out on /account and waits until the site root shows the Sign in link: a navigation started
 * before the sign-out's answer cancels it, and the session would live on.
 */
export async function signOutFromAccount(page: Page, baseURL: string) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
}

export const adminTest = test.extend<object, { adminStorageState: string }>({
  adminStorageState: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, provide, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL!;
      const context = await playwrightRequest.newContext({ baseURL });
      await signInAdmin(context, baseURL);
      const file = join(runTempDir("atelier-admin-state-"), "state.json");
      await context.storageState({ path: file });
      await context.dispose();
      await provide(file);
    },
    { scope: "worker" },
  ],
  storageState: ({ adminStorageState }, provide) => provide(adminStorageState),
});

export { expect };
