// Shared fixtures: every page fails its test on a console error or an uncaught exception.
import { test as base, expect, type BrowserContext, type Page, type Route } from "@playwright/test";

/** Console messages a test may expect (the spec's logged 404, for one). */
const ALLOWED = [
  /404 Error: User attempted to access non-existent route/,
  /Failed to load resource: the server responded with a status of 404/,
  // A form sent with mistakes is answered 400 with its field errors; the browser logs the status.
  /Failed to load resource: the server responded with a status of 400 \(Bad Request\)/,
];

/** The contexts the current spec file's tests left open, in this worker. */
const leftBy: { file?: string; contexts: BrowserContext[] } = { contexts: [] };

export const test = base.extend<{
  consoleErrors: string[];
  expectedConsoleErrors: RegExp[];
  closeLeftContexts: void;
}>({
  /**
   * Browser contexts a spec file's tests opened themselves (a second visitor, a buyer) and left open are closed
   * when the worker moves on to another file: left open, their pages went on running (realtime sockets,
   * timers) beside every later test of the worker. Not after each test: the tests of a serial file may share a
   * context (realtime.spec's signed-in artist).
   */
  closeLeftContexts: [
    async ({ browser }, use, testInfo) => {
      if (leftBy.file !== testInfo.file) {
        await Promise.all(leftBy.contexts.splice(0).map((context) => context.close()));
        leftBy.file = testInfo.file;
      }
      const before = new Set(browser.contexts());
      await use();
      leftBy.contexts.push(...browser.contexts().filter((context) => !before.has(context)));
    },
    { auto: true },
  ],
  /** Console errors a test expects (e.g. the browser's note of a 400 answer to a form with mistakes). */
  expectedConsoleErrors: [[], { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors = collectPageErrors(page, [...ALLOWED, ...expectedConsoleErrors]);
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** The phone of the mobile project (playwright.config.ts): `test.use(PHONE)` in a desktop spec's phone tests. */
export const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** The console errors but the `allowed` ones and the uncaught exceptions of `page`, collected as they come. */
export function collectPageErrors(page: Page, allowed: RegExp[]): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !allowed.some((re) => re.test(message.text()))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/**
 * Waits until React has hydrated the page. The image-first pages fetch their scripts after the load event
 * (decision 0014): a link pressed before then is an ordinary full page load, a press on a button is kept
 * and replayed; a test about client-side behaviour itself (navigation progress, view transitions) waits.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => window.__atelierHydrated === true);
}

/**
 * Waits for the page's view transition (a work's card to its page, 180 ms) to end: while one runs the browser
 * sends every press to the root element, so a click on the new page would reach nothing (docs/testing.md).
 */
export async function viewTransitionOver(page: Page): Promise<void> {
  await page.waitForFunction(() => !(document as Document & { activeViewTransition?: unknown }).activeViewTransition);
}

/** Holds every /assets/*.js request until `release` is called: the page stays as the server sent it. */
export async function holdScripts(page: Page) {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/assets\/.*\.js$/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}
