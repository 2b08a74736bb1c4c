// The full-screen lightbox of spec §2/§9, opened from the gallery grid (desktop, 1280 px).
import type { Locator, Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { lightboxOpeners } from "../support/e2e-lightbox";

const dialog = (page: Page) => page.getByRole("dialog");
const zoomLevel = (page: Page) => dialog(page).getByRole("status", { name: "Zoom level" });

/** The works on the gallery page shown, in order: title and artwork page path. */
async function pageWorks(page: Page) {
  return page
    .locator("main article h2 a")
    .evaluateAll((links) => links.map((a) => ({ title: a.textContent ?? "", path: a.getAttribute("href") ?? "" })));
}

/**
 * The gallery's works over all its pages, in order (the lightbox steps through them all), read from the page
 * shown on: the browser is back on that page after.
 */
async function works(page: Page) {
  const first = page.url();
  const all = await pageWorks(page);
  for (let n = 2; (await page.locator('nav[aria-label="Pages"] a[rel="next"]').count()) > 0; n++) {
    await page.goto(`/gallery?page=${n}`);
    all.push(...(await pageWorks(page)));
  }
  if (page.url() !== first) await page.goto(first);
  return all;
}

/** Opens the first work of the gallery's first page, once the viewer holds every work of the gallery. */
async function openFirst(page: Page) {
  await page.goto("/gallery");
  const list = await works(page);
  await lightboxOpeners(page).first().click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByText(`1 of ${list.length}`, { exact: true })).toBeVisible();
  return list;
}

async function expectImage(page: Page, n: number, total: number, title: string) {
  await expect(dialog(page).getByText(`${n} of ${total}`, { exact: true })).toBeVisible();
  await expect(dialog(page)).toHaveAccessibleName(title);
  await expect(dialog(page).getByRole("heading", { level: 2, name: title })).toBeVisible();
}

async function focusIsInside(locator: Locator) {
  return locator.evaluate((el) => el.contains(document.activeElement));
}

/** What has focus, named so that a failure says where it went (the tag, its label, whether it is still on the page). */
function focusedName(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return el
      ? `${el.tagName.toLowerCase()} "${el.getAttribute("aria-label") ?? el.textContent?.slice(0, 40) ?? ""}"`
      : "none";
  });
}

/** Focus is back on the element that opened the viewer (polled: it returns after the viewer has unmounted). */
async function expectFocusBackOn(page: Page, opener: Locator) {
  const name = await opener.getAttribute("aria-label");
  await expect.poll(() => focusedName(page)).toBe(`button "${name}"`);
  await expect(opener).toBeFocused();
}

test("clicking an image opens its work full screen, loading the viewer's code only then", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/gallery");
  await page.waitForLoadState("networkidle");
  expect(scripts.filter((url) => /\/lightbox-[\w-]+\.js$/.test(url))).toEqual([]);

  const list = await works(page);
  const url = page.url();
  const third = lightboxOpeners(page).nth(2);
  await third.click();
  await expectImage(page, 3, list.length, list[2]!.title);
  expect(scripts.some((url) => /\/lightbox-[\w-]+\.js$/.test(url))).toBe(true);
  await expect(dialog(page)).toHaveAttribute("aria-modal", "true");
  // The shown image is the work's, from its AVIF/WebP variants.
  const image = dialog(page).getByRole("img", { name: new RegExp(`^${list[2]!.title}, `) });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await image.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/media\/[0-9a-f]{24}\/\d+\.(avif|webp)$/,
  );

  // Opening changes nothing else: same URL, page scroll locked.
  expect(page.url()).toBe(url);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe("hidden");
  await dialog(page).getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await expectFocusBackOn(page, third);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
});

test("the keyboard opens it (Enter on the image), Esc closes it and focus returns to the opener", async ({ page }) => {
  await page.goto("/gallery");
  const list = await works(page);
  const second = lightboxOpeners(page).nth(1);
  await second.focus();
  await page.keyboard.press("Enter");
  await expectImage(page, 2, list.length, list[1]!.title);
  expect(await focusIsInside(dialog(page))).toBe(true);
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expectFocusBackOn(page, second);
});

test("← and → step through the works and wrap at both ends, as do the arrow buttons", async ({ page }) => {
  const list = await openFirst(page);
  const total = list.length;
  await expectImage(page, 1, total, list[0]!.title);
  await page.keyboard.press("ArrowLeft");
  await expectImage(page, total, total, list[total - 1]!.title);
  await page.keyboard.press("ArrowRight");
  await expectImage(page, 1, total, list[0]!.title);
  await page.keyboard.press("ArrowRight");
  await expectImage(page, 2, total, list[1]!.title);
  await dialog(page).getByRole("button", { name: "Previous image" }).click();
  await dialog(page).getByRole("button", { name: "Previous image" }).click();
  await expectImage(page, total, total, list[total - 1]!.title);
  await dialog(page).getByRole("button", { name: "Next image" }).click();
  await expectImage(page, 1, total, list[0]!.title);
});

test("opened on the gallery's first page, it steps on to the works of the other pages, and buys them too", async ({
  page,
}) => {
  const list = await openFirst(page);
  const onThisPage = await lightboxOpeners(page).count();
  expect(list.length).toBeGreaterThan(onThisPage);
  // Back from the first work: the last work of the gallery, from its last page.
  await page.keyboard.press("ArrowLeft");
  await expectImage(page, list.length, list.length, list.at(-1)!.title);
  // A work of another page that is for sale goes in the cart from here.
  let n = list.length;
  while (
    n > onThisPage &&
    (await dialog(page)
      .getByRole("button", { name: /^Add to Cart/ })
      .count()) === 0
  ) {
    await page.keyboard.press("ArrowLeft");
    await expectImage(page, n - 1, list.length, list[n - 2]!.title);
    n--;
  }
  expect(n).toBeGreaterThan(onThisPage);
  await dialog(page)
    .getByRole("button", { name: /^Add to Cart/ })
    .click();
  await expect(page.getByText(`“${list[n - 1]!.title}” is in your cart`)).toBeVisible();
});

test("+ - 0 zoom by 1.2 between 10% and 500%, and the zoom buttons do the same", async ({ page }) => {
  await openFirst(page);
  await expect(zoomLevel(page)).toHaveText("100%");
  await page.keyboard.press("+");
  await expect(zoomLevel(page)).toHaveText("120%");
  await page.keyboard.press("+");
  await expect(zoomLevel(page)).toHaveText("144%");
  await page.keyboard.press("-");
  await expect(zoomLevel(page)).toHaveText("120%");
  await page.keyboard.press("0");
  await expect(zoomLevel(page)).toHaveText("100%");
  for (let i = 0; i < 12; i++) await page.keyboard.press("+");
  await expect(zoomLevel(page)).toHaveText("500%");
  await expect(dialog(page)).toHaveAttribute("data-zoom", "5");
  for (let i = 0; i < 30; i++) await page.keyboard.press("-");
  await expect(zoomLevel(page)).toHaveText("10%");
  await page.keyboard.press("0");

  const zoomIn = dialog(page).getByRole("button", { name: "Zoom in", exact: true });
  const zoomOut = dialog(page).getByRole("button", { name: "Zoom out", exact: true });
  await zoomIn.click();
  await expect(zoomLevel(page)).toHaveText("120%");
  await zoomIn.click();
  await expect(zoomLevel(page)).toHaveText("144%");
  await zoomOut.click();
  await expect(zoomLevel(page)).toHaveText("120%");
  await dialog(page).getByRole("button", { name: "Reset zoom" }).click();
  await expect(zoomLevel(page)).toHaveText("100%");
  // Moving to another image starts it at 100%.
  await page.keyboard.press("+");
  await page.keyboard.press("ArrowRight");
  await expect(zoomLevel(page)).toHaveText("100%");
});

/** The element's box once two readings a few frames apart agree (a transition has ended). */
async function restingBox(locator: Locator) {
  let box = (await locator.boundingBox())!;
  await expect
    .poll(async () => {
      const first = (await locator.boundingBox())!;
      await locator.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      box = (await locator.boundingBox())!;
      return first.x === box.x && first.y === box.y && first.width === box.width;
    })
    .toBe(true);
  return box;
}

test("the wheel zooms by 1.1 and 0.9, and a zoomed image pans by dragging", async ({ page }) => {
  await openFirst(page);
  const stage = dialog(page).getByTestId("lightbox-stage");
  const box = (await stage.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, -100);
  await expect(zoomLevel(page)).toHaveText("110%");
  await page.mouse.wheel(0, 100);
  await expect(zoomLevel(page)).toHaveText("99%");
  await page.keyboard.press("0");

  // Double click zooms to 200%; then a drag moves the picture.
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  await expect(zoomLevel(page)).toHaveText("200%");
  const picture = stage.locator("img");
  // The zoom eases in over 200 ms: measure where the picture rests, not a frame of the animation (on a busy
  // machine the text says 200% long before the transform arrives there).
  const before = await restingBox(picture);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 150, box.y + box.height / 2 + 60, { steps: 12 });
  await page.mouse.up();
  // A loaded machine may drop a few pointer moves; what matters is that the picture follows the drag.
  await expect.poll(async () => (await picture.boundingBox())!.x - before.x).toBeGreaterThan(40);
  // Shift + arrows pan too, without a pointer.
  const dragged = await restingBox(picture);
  await page.keyboard.press("Shift+ArrowRight");
  await expect.poll(async () => (await picture.boundingBox())!.x).toBeLessThan(dragged.x);
  await page.mouse.dblclick(box.x + box.width / 2, box.y + box.height / 2);
  await expect(zoomLevel(page)).toHaveText("100%");
});

test("F toggles full screen on the viewer", async ({ page }) => {
  await openFirst(page);
  await page.keyboard.press("f");
  await expect(dialog(page)).toHaveAttribute("data-fullscreen", "true");
  expect(await page.evaluate(() => document.fullscreenElement?.getAttribute("role"))).toBe("dialog");
  await expect(dialog(page).getByRole("button", { name: "Full screen" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("F");
  await expect(dialog(page)).toHaveAttribute("data-fullscreen", "false");
  expect(await page.evaluate(() => document.fullscreenElement)).toBeNull();
});

test("T and the Thumbnails button toggle a strip that jumps to any work", async ({ page }) => {
  const list = await openFirst(page);
  const strip = dialog(page).getByRole("group", { name: "Thumbnails" });
  await expect(strip).toBeHidden();
  await page.keyboard.press("t");
  await expect(strip).toBeVisible();
  await expect(strip.getByRole("button")).toHaveCount(list.length);
  await expect(strip.getByRole("button", { name: `Image 1: ${list[0]!.title}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await strip.getByRole("button", { name: `Image 4: ${list[3]!.title}` }).click();
  await expectImage(page, 4, list.length, list[3]!.title);
  await expect(strip.getByRole("button", { name: `Image 4: ${list[3]!.title}` })).toHaveAttribute(
    "aria-current",
    "true",
  );
  await page.keyboard.press("T");
  await expect(strip).toBeHidden();
  const toggle = dialog(page).getByRole("button", { name: "Thumbnails" });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await expect(strip).toBeVisible();
});

test("S shares the work's page, and copies its link when sharing fails", async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { copied: string[]; shared: number };
    w.copied = [];
    w.shared = 0;
    Object.defineProperty(navigator, "share", {
      configurable: true,
      value: () => {
        w.shared += 1;
        return Promise.reject(new TypeError("sharing is not available"));
      },
    });
    Object.defineProperty(navigator, "clipboard", {
      configurable: true,
      value: { writeText: (text: string) => (w.copied.push(text), Promise.resolve()) },
    });
  });
  const list = await openFirst(page);
  await page.keyboard.press("s");
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shared: number }).shared)).toBe(1);
  expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
    `${baseURL}${list[0]!.path}`,
  ]);
  // The Share button does the same for the image shown.
  await page.keyboard.press("ArrowRight");
  await dialog(page).getByRole("button", { name: "Share" }).click();
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { copied: string[] }).copied.at(-1)))
    .toBe(`${baseURL}${list[1]!.path}`);
});

test("D and the Download button download the largest WebP variant, named after the work", async ({ page }) => {
  await openFirst(page);
  // The lightbox lists every variant (a gallery card's srcset stops at what the card can use).
  const srcset = await dialog(page).locator("source[type='image/webp']").first().getAttribute("srcset");
  const largest = Math.max(...srcset!.split(",").map((c) => Number(/ (\d+)w$/.exec(c.trim())![1])));
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("d")]);
  expect(download.suggestedFilename()).toBe("tidewater-hymn.webp");
  expect(download.url()).toMatch(new RegExp(`/media/[0-9a-f]{24}/${largest}\\.webp$`));
  await download.cancel();
  await expect(dialog(page)).toBeVisible();
  // The control is a button like share and close, and does what D does.
  const [clicked] = await Promise.all([
    page.waitForEvent("download"),
    dialog(page).getByRole("button", { name: "Download" }).click(),
  ]);
  expect(clicked.suggestedFilename()).toBe("tidewater-hymn.webp");
  expect(clicked.url()).toBe(download.url());
  await clicked.cancel();
  await expect(dialog(page)).toBeVisible();
});

test("H and the Keyboard shortcuts button show a panel listing every key; Esc closes it first", async ({ page }) => {
  await openFirst(page);
  const panel = dialog(page).getByRole("region", { name: "Keyboard shortcuts" });
  await expect(panel).toBeHidden();
  const title = (await dialog(page).getByRole("heading", { level: 2 }).first().textContent())!.trim();
  await page.keyboard.press("h");
  await expect(panel).toBeVisible();
  // The viewer keeps the work's title as its name while the panel is open: no two elements share an id.
  await expect(dialog(page)).toHaveAccessibleName(title);
  expect(
    await page.evaluate(() => {
      const ids = [...document.querySelectorAll("[id]")].map((el) => el.id);
      return ids.filter((id, i) => ids.indexOf(id) !== i);
    }),
  ).toEqual([]);
  for (const key of ["←", "→", "+", "−", "0", "F", "T", "S", "D", "H", "Esc"]) {
    await expect(panel.locator("kbd", { hasText: new RegExp(`^${key.replace("+", "\\+")}$`) })).toBeVisible();
  }
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).getByRole("button", { name: "Keyboard shortcuts" }).click();
  await expect(panel).toBeVisible();
  await page.keyboard.press("H");
  await expect(panel).toBeHidden();
});

test("focus stays inside the open lightbox, forwards and backwards", async ({ page }) => {
  await openFirst(page);
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Tab");
    expect(await focusIsInside(dialog(page)), `after ${i + 1} Tab`).toBe(true);
  }
  for (let i = 0; i < 25; i++) {
    await page.keyboard.press("Shift+Tab");
    expect(await focusIsInside(dialog(page)), `after ${i + 1} Shift+Tab`).toBe(true);
  }
  // Every control is reachable: Tab from the dialog reaches the Close button and the zoom buttons.
  const names = new Set<string>();
  for (let i = 0; i < 14; i++) {
    await page.keyboard.press("Tab");
    names.add(await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? ""));
  }
  for (const name of [
    "Thumbnails",
    "Download",
    "Share",
    "Full screen",
    "Keyboard shortcuts",
    "Close",
    "Previous image",
    "Next image",
    "Zoom in",
    "Zoom out",
    "Reset zoom",
  ]) {
    expect(names).toContain(name);
  }
});

test("while it is open the page behind is out of reach: each control's name answers once, the viewer's", async ({
  page,
}) => {
  await openFirst(page);
  for (const name of ["Full screen", "Zoom in", "Zoom out", "Close", "Download", "Share"])
    await expect(page.getByRole("button", { name }), name).toHaveCount(1);
  await expect(lightboxOpeners(page)).toHaveCount(0);
  // The gallery behind can be neither clicked nor focused, and is back once the viewer closes.
  await expect(page.locator("main")).toHaveAttribute("inert", "");
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toBeHidden();
  await expect(page.locator("main")).not.toHaveAttribute("inert", "");
  await expect(lightboxOpeners(page).first()).toBeVisible();
  await expect(lightboxOpeners(page).first()).toBeFocused();
});

test("closing clears the lightbox: it reopens at the clicked work, 100%, without thumbnails or help", async ({
  page,
}) => {
  const list = await openFirst(page);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("+");
  await page.keyboard.press("t");
  await page.keyboard.press("h");
  await dialog(page).getByRole("button", { name: "Close", exact: true }).click();
  await expect(dialog(page)).toBeHidden();
  await lightboxOpeners(page).first().click();
  await expectImage(page, 1, list.length, list[0]!.title);
  await expect(zoomLevel(page)).toHaveText("100%");
  await expect(dialog(page).getByRole("group", { name: "Thumbnails" })).toBeHidden();
  await expect(dialog(page).getByRole("region", { name: "Keyboard shortcuts" })).toBeHidden();
});

test("Add to Cart with its price shows only for available, priced works, and puts the work in the cart", async ({
  page,
}) => {
  const list = await openFirst(page);
  // The demo's first works: Tidewater Hymn (available, $6,800), Salt Ledger (available), Low Country Psalm (sold).
  await expect(dialog(page).getByRole("heading", { level: 2, name: "Tidewater Hymn" })).toBeVisible();
  for (let i = 0; i < 3; i++) {
    await expect(dialog(page).getByRole("heading", { level: 2, name: list[i]!.title })).toBeVisible();
    const sold = list[i]!.title === "Low Country Psalm";
    await expect(dialog(page).getByRole("button", { name: /Add to Cart/ })).toHaveCount(sold ? 0 : 1);
    await page.keyboard.press("ArrowRight");
  }
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  // The toast is heard over the open viewer (its live region is not hidden with the page behind).
  const toasts = page.getByRole("region", { name: /Notifications/ });
  await dialog(page).getByRole("button", { name: "Add to Cart · $6,800" }).click();
  await expect(toasts.getByText("“Tidewater Hymn” is in your cart")).toBeVisible();
  // An original is one of a kind: adding it again leaves one in the cart, and says why.
  await dialog(page).getByRole("button", { name: "Add to Cart · $6,800" }).click();
  await expect(toasts.getByText("“Tidewater Hymn” is already in your cart: it is one of a kind")).toBeVisible();
  const cart = await page.evaluate(
    () => JSON.parse(localStorage.getItem("cart") ?? "[]") as { title: string; price: number; quantity: number }[],
  );
  expect(cart).toEqual([expect.objectContaining({ title: "Tidewater Hymn", price: 680_000, quantity: 1 })]);
});

test("the title in the grid links to the work's page", async ({ page }) => {
  await page.goto("/gallery");
  const [first] = await pageWorks(page);
  await page.locator("main article h2 a").first().click();
  await expect(page).toHaveURL(first!.path);
  await expect(page.getByRole("heading", { level: 1, name: first!.title })).toBeVisible();
});

test("the open lightbox has no serious accessibility violations", async ({ page }) => {
  await openFirst(page);
  await page.keyboard.press("t");
  await page.keyboard.press("h");
  await expect(dialog(page).getByRole("region", { name: "Keyboard shortcuts" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
