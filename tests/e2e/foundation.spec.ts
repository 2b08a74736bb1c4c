import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { seriousViolations } from "../support/axe";
import { expect, test, waitForHydration } from "../support/fixtures";

test("the health check answers once the server is ready", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok" });
});

test("the gallery lists every demo artwork with its image, in the spec's order", async ({ page }) => {
  await page.goto("/gallery");
  await expect(page.getByRole("heading", { level: 1, name: "All works" })).toBeVisible();
  await expect(page.getByText(`${DEMO_ARTWORKS.length} paintings.`)).toBeVisible();
  const titles = page.locator("main article h2");
  await expect(titles).toHaveCount(24);
  const pageOne = await titles.allInnerTexts();
  const images = page.locator("main article img");
  await expect(images).toHaveCount(24);
  await expect(page.getByRole("img", { name: "Tidewater Hymn, Oil on canvas" })).toBeVisible();
  // Above-the-fold images are loaded, as AVIF (the browser's first choice).
  const first = images.first();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const src = await first.evaluate((img: HTMLImageElement) => img.currentSrc);
  expect(src).toMatch(/\/media\/[0-9a-f]{24}\/\d+\.avif$/);

  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL("/gallery?page=2");
  await expect(titles).toHaveCount(DEMO_ARTWORKS.length - 24);
  // The first four are placed by sort_order; the rest follow newest first (the seed staggers created_at).
  expect([...pageOne, ...(await titles.allInnerTexts())]).toEqual(DEMO_ARTWORKS.map((a) => a.title));
});

test("images are AVIF or WebP under content-hashed URLs cached forever", async ({ page, request }) => {
  await page.goto("/gallery");
  const srcset = await page.locator("main article picture source[type='image/webp']").first().getAttribute("srcset");
  const url = srcset!.split(",")[0]!.trim().split(" ")[0]!;
  for (const format of ["webp", "avif"]) {
    const response = await request.get(url.replace(/\.webp$/, `.${format}`));
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe(`image/${format}`);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  }
  expect((await request.get("/media/000000000000000000000000/320.webp")).status()).toBe(404);
});

test("the desktop top bar leads to every public section and the brand leads home", async ({ page }) => {
  await page.goto("/gallery");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const [label, path, heading] of [
    ["Shop", "/shop", "Original paintings"],
    ["About", "/about", "About the artist"],
    ["Commission", "/commissions", "Commission a painting"],
    ["Contact", "/contact", "Get in touch"],
    ["Gallery", "/gallery", "All works"],
  ] as const) {
    await nav.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
  await page.getByRole("link", { name: "Mara Ellison, home" }).click();
  await expect(page).toHaveURL("/");
});

test("the footer has the spec's links, social links, newsletter, e-mail and location", async ({ page }) => {
  await page.goto("/about");
  const footer = page.getByRole("contentinfo");
  const explore = footer.getByRole("navigation", { name: "Footer" });
  for (const label of ["Home", "About", "Gallery", "Shop", "Commissions", "Contact"]) {
    await expect(explore.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  for (const label of ["Instagram", "Facebook", "Pinterest"])
    await expect(footer.getByRole("link", { name: label })).toBeVisible();
  await expect(footer.getByRole("link", { name: "studio@maraellison.art" })).toHaveAttribute(
    "href",
    "mailto:studio@maraellison.art",
  );
  await expect(footer.getByText("Studio 4, Marigny Arts Building · New Orleans, Louisiana")).toBeVisible();
  for (const label of ["Privacy Policy", "Terms of Service", "Shipping Info"]) {
    await expect(footer.getByRole("link", { name: label })).toBeVisible();
  }
  await footer.getByRole("link", { name: "Shipping Info" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Shipping Info" })).toBeVisible();

  // The box is named by the column's "Newsletter" heading, so a page's own "Email" field stays the only one.
  const email = footer.getByRole("textbox", { name: "Newsletter" });
  await expect(email).toHaveAttribute("type", "email");
  await expect(email).toHaveAttribute("placeholder", "Your email address");
  // The answer beside the box is the hydrated footer's (before hydration the browser posts the form itself and
  // /newsletter answers with a page: newsletter.spec.ts).
  await waitForHydration(page);
  await email.fill("collector@example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByRole("status")).toHaveText("Thank you. Check your inbox and confirm your subscription.");
});

test("an unknown page shows the 404 page with a way back to the gallery", async ({ page }) => {
  const misses: string[] = [];
  page.on("console", (m) => misses.push(`${m.type()}: ${m.text()}`));
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect
    .poll(() => misses.includes("error: 404 Error: User attempted to access non-existent route: /no-such-page"))
    .toBe(true);
  await page.getByRole("link", { name: "Return to Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
});

test("an unknown artwork or post is a 404 too, inside the site's header and footer", async ({ page }) => {
  for (const path of ["/artwork/00000000-0000-7000-8000-000000000000", "/artwork/no-such-work", "/blog/no-such-post"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("main").getByRole("heading", { name: "Page not found" }), path).toBeVisible();
    // The visitor can go on from here: the site's navigation and footer are around it.
    await expect(page.getByRole("banner").getByRole("link", { name: "Gallery" }).first(), path).toBeVisible();
    await expect(page.getByRole("contentinfo"), path).toBeVisible();
  }
  await page.getByRole("link", { name: "Return to Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
});

test("a thin progress bar shows while the next page loads", async ({ page }) => {
  await page.goto("/about");
  await waitForHydration(page);
  await page.route("**/gallery.data*", async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  const bar = page.getByRole("progressbar", { name: "Page loading", includeHidden: true });
  await expect(bar).toHaveAttribute("data-state", "idle");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Gallery" }).click();
  await expect(bar).toHaveAttribute("data-state", "loading");
  await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(10);
  expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThanOrEqual(90);
  await expect(page.getByRole("heading", { level: 1, name: "All works" })).toBeVisible();
  await expect(bar).toHaveAttribute("data-state", "idle");
});

for (const path of [
  "/",
  "/gallery",
  "/gallery?availability=sold",
  "/artwork/salt-ledger",
  "/about",
  "/shop",
  "/commissions",
  "/contact",
  "/shipping",
  "/no-such-page",
]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    expect(await seriousViolations(page)).toEqual([]);
  });
}

test("without JavaScript, a form is posted by the browser itself and answered, not refused as cross-site", async ({
  browser,
}) => {
  // A browser's own form post carries Origin only under a referrer policy that allows it: under no-referrer
  // Chromium sends "Origin: null", which the server's cross-site check refuses ("Cross-site request refused.").
  // The order lookup answers without writing anything, so the shared server's form limits are left alone.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/track-order");
  await page.getByLabel("Order number").fill("A-2026-9999");
  await page.getByLabel("Email").fill("nobody@example.com");
  await page.getByRole("button", { name: "Track" }).click();
  await expect(page.getByText("We could not find an order with that number and e-mail address.")).toBeVisible();
  await context.close();
});

test("every form that asks for an address labels the field Email, once on its page", async ({ page }) => {
  // One word everywhere (it was "E-mail address" on sign-in, "E-mail" on tracking and "Email" on contact).
  for (const path of ["/auth", "/auth?mode=sign-up", "/track-order", "/contact", "/commissions", "/newsletter"]) {
    await page.goto(path);
    await expect(page.getByLabel("Email", { exact: true }), path).toHaveCount(1);
    await expect(page.getByLabel("Email", { exact: true }), path).toHaveAttribute("type", "email");
  }
});
