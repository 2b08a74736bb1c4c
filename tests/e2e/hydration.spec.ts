// Deferred hydration (decision 0014): the image-first pages paint before their scripts are fetched, and
// what a visitor does before the page is interactive is kept and replayed, not lost.
import type { Page } from "@playwright/test";
import { expect, holdScripts, PHONE, test } from "../support/fixtures";
import { lightboxOpeners } from "../support/e2e-lightbox";

const isHydrated = (page: Page) => page.evaluate(() => window.__atelierHydrated === true);

for (const path of ["/", "/gallery", "/about"]) {
  test(`${path} sends no script preloads and fetches its scripts only after the page has loaded and painted`, async ({
    page,
    request,
  }) => {
    const html = await (await request.get(path)).text();
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain("window.__atelierHydrate(async()=>");

    await page.goto(path);
    await expect.poll(() => isHydrated(page)).toBe(true);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const scripts = performance
        .getEntriesByType("resource")
        .filter((e) => new URL(e.name).pathname.startsWith("/assets/") && e.name.endsWith(".js"));
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      return {
        loadEventStart: nav.loadEventStart,
        firstContentfulPaint: paint?.startTime ?? Infinity,
        firstScript: Math.min(...scripts.map((s) => s.startTime)),
      };
    });
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loadEventStart);
    // After the first paint is on screen, so the scripts never hold up what the visitor sees first.
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
  });
}

test("pages with forms keep their scripts preloaded (nothing typed waits for hydration)", async ({ request }) => {
  for (const path of ["/contact", "/commissions", "/checkout"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<link rel="modulepreload"');
    expect(html, path).not.toContain("window.__atelierHydrate(async()=>");
  }
});

test("a press on a work before the page is interactive opens the lightbox once it is", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/gallery");
  const opener = lightboxOpeners(page).first();
  await opener.click();
  // The press started the scripts (they are held here), and nothing has opened yet.
  await expect.poll(() => scripts.count()).toBeGreaterThan(0);
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await scripts.release();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expect(page.getByRole("dialog").getByText(/^1 of \d+$/)).toBeVisible();
});

test("a filter chosen before the page is interactive is applied once it is", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/gallery");
  await page.getByLabel("Availability").selectOption("sold");
  expect(await isHydrated(page)).toBe(false);
  await expect(page).toHaveURL("/gallery");

  await scripts.release();
  await expect(page).toHaveURL("/gallery?availability=sold");
  await expect(page.getByText(/works? match your selection\./)).toBeVisible();
});

test("a filter chosen while React is starting to hydrate is applied", async ({ page }) => {
  // The choice comes after the head script has handed the page's events to React (entry.client.tsx) and
  // before React has hydrated anything: a microtask after hydrateRoot, whose render waits for a task of its own.
  // Seen on a loaded CI run: the select showed the choice, the gallery never followed it.
  await page.addInitScript(() => {
    let hydrating: (() => void) | undefined;
    Object.defineProperty(window, "__atelierHydrating", {
      configurable: true,
      set: (f: () => void) => (hydrating = f),
      get: () =>
        hydrating &&
        (() => {
          hydrating?.();
          queueMicrotask(() => {
            const select = document.querySelector<HTMLSelectElement>('select[name="availability"]')!;
            select.value = "sold";
            select.dispatchEvent(new Event("input", { bubbles: true }));
            select.dispatchEvent(new Event("change", { bubbles: true }));
          });
        }),
    });
  });
  await page.goto("/gallery");
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page).toHaveURL("/gallery?availability=sold");
  await expect(page.getByText(/works? match your selection\./)).toBeVisible();
});

test("the add-to-cart press of a visitor who is quicker than the scripts is not lost", async ({ page }) => {
  const scripts = await holdScripts(page);
  await page.goto("/shop");
  await page
    .locator("main")
    .getByRole("button", { name: /^Add to Cart/ })
    .first()
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await scripts.release();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("cart") ?? "[]") as unknown[]))
    .toHaveLength(1);
});

test("a cancelled request (a navigation overtaken by the next one) is not reported as an error on the page", async ({
  page,
}) => {
  await page.goto("/auth");
  await expect.poll(() => isHydrated(page)).toBe(true);
  // What React Router leaves behind when a response's body is cut off by the next navigation: a rejection with
  // the cancelled signal's reason that nothing handles. The fixture fails the test on any uncaught error.
  await page.evaluate(async () => {
    const cancelled = new AbortController();
    cancelled.abort();
    void Promise.reject(cancelled.signal.reason as DOMException);
    await new Promise((resolve) => setTimeout(resolve, 100));
  });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("a press that reaches a hydrated page before it has said it is interactive acts once, not twice", async ({
    page,
  }) => {
    // React has hydrated the page and handles the press, but the root's effect (which tells the head script the
    // page is interactive) has not run yet: the moment is made exact by pressing MENU just before that effect.
    // Held and replayed as well, the press toggled the menu twice and it stayed shut (seen on a loaded CI run).
    await page.addInitScript(() => {
      let interactive: (() => void) | undefined;
      Object.defineProperty(window, "__atelierInteractive", {
        configurable: true,
        set: (f: () => void) => (interactive = f),
        get: () =>
          interactive &&
          (() => {
            document.querySelector<HTMLButtonElement>('button[aria-controls="mobile-menu"]')?.click();
            interactive?.();
          }),
      });
    });
    await page.goto("/gallery");
    await expect.poll(() => isHydrated(page)).toBe(true);
    await expect(page.getByRole("navigation", { name: "Mobile menu" })).toBeVisible();
    await expect(page.getByRole("button", { name: "CLOSE" })).toHaveAttribute("aria-expanded", "true");
  });
});
