// Spec §9 "Query cache": going back to a page within five minutes shows it from the browser's cache, a write
// made meanwhile (here: subscribing to the newsletter) makes the next visit load afresh, and a page load that
// fails is tried once more before any error is shown.
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "../support/fixtures";

/** The requests for one page route's data (React Router's `.data` requests naming that route). */
function watchDataRequests(page: Page, path: string, routeId: string): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === `${path}.data` && (url.searchParams.get("_routes") ?? "").split(",").includes(routeId))
      seen.push(url.pathname + url.search);
  });
  return seen;
}

const nav = (page: Page) => page.getByRole("navigation").first();

/** Follows the main navigation's link to `name` and waits for the address to be its page's. */
async function follow(page: Page, name: string, path: RegExp) {
  await nav(page).getByRole("link", { name }).click();
  await expect(page).toHaveURL(path);
}

test("a page visited again within five minutes comes from the browser's cache until a write is made", async ({
  page,
}) => {
  const gallery = watchDataRequests(page, "/gallery", "routes/site/gallery");
  const identity: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".data") && (url.searchParams.get("_routes") ?? "").split(",").includes("root"))
      identity.push(url.pathname);
  });
  await page.goto("/");
  await waitForHydration(page);

  await follow(page, "Gallery", /\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(gallery).toHaveLength(1);

  await follow(page, "About", /\/about$/);
  await follow(page, "Gallery", /\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Shown again without asking the server.
  expect(gallery).toHaveLength(1);
  // Browsing (hovering links included) never fetched the site's identity again: it changes only by a form.
  expect(identity).toEqual([]);

  // A write (the footer's newsletter form posts) empties the cache: the next visit asks again.
  await page.getByRole("contentinfo").getByLabel("Newsletter").fill(`cache-${Date.now()}@example.com`);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("contentinfo").getByRole("status")).not.toBeEmpty();
  await follow(page, "Shop", /\/shop$/);
  await follow(page, "Gallery", /\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(gallery).toHaveLength(2);
});

test.describe(() => {
  // The browser notes the lost connection of the first try.
  test.use({ expectedConsoleErrors: [/Failed to load resource: net::ERR_CONNECTION_RESET/] });

  test("a page load that fails is tried once more before an error is shown", async ({ page }) => {
    let failed = 0;
    await page.route(
      (url) => url.pathname === "/shop.data" && (url.searchParams.get("_routes") ?? "").includes("routes/site/shop"),
      async (route) => {
        if (failed++ === 0) await route.abort("connectionreset");
        else await route.continue();
      },
    );
    await page.goto("/");
    await waitForHydration(page);
    await follow(page, "Shop", /\/shop$/);
    await expect(page.getByRole("heading", { level: 1, name: "Original paintings" })).toBeVisible();
    await expect(page.getByText("Something went wrong")).toHaveCount(0);
    expect(failed).toBe(2);
  });
});
