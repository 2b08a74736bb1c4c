// Deep zoom (issue 15 item 1): "Examine the surface" on the artwork page and in the lightbox streams the work's
// DZI tiles in OpenSeadragon, loaded only when opened; zooming in (keyboard, wheel) reaches the highest level;
// Esc closes; the lightbox's keys work again afterwards. Read-only, on the shared server's demo catalogue (its
// template ran the tiling jobs): Tidewater Hymn is 1600 x 1200 px, so its highest level is 11.
import type { Page, Request } from "@playwright/test";
import { expect, PHONE, test, waitForHydration } from "../support/fixtures";
import { lightboxOpeners } from "../support/e2e-lightbox";

const TILE = /\/media\/[0-9a-f]{24}\/zoom-v1_files\/(\d+)\/(\d+)_(\d+)\.webp$/;
const DESCRIPTOR = /\/media\/[0-9a-f]{24}\/zoom-v1\.dzi$/;
const VIEWER_CHUNK = /\/assets\/deep-zoom-viewer-[\w-]+\.js$/;

/** Every request the page makes, from now on. */
function recordRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => requests.push(request));
  return requests;
}

const tileLevels = (requests: Request[]) =>
  requests.flatMap((r) => {
    const match = TILE.exec(new URL(r.url()).pathname);
    return match ? [Number(match[1])] : [];
  });

/** The highest DZI level of the tile set the descriptor describes: ceil(log2(long side)). */
async function highestLevel(page: Page, requests: Request[]): Promise<number> {
  const descriptor = requests.find((r) => DESCRIPTOR.test(new URL(r.url()).pathname));
  expect(descriptor, "the descriptor was requested").toBeDefined();
  const xml = await (await descriptor!.response())!.text();
  const [, width, height] = /<Size Width="(\d+)" Height="(\d+)"/.exec(xml) ?? [];
  return Math.ceil(Math.log2(Math.max(Number(width), Number(height))));
}

async function openArtwork(page: Page, slug: string) {
  await page.goto(`/artwork/${slug}`);
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");
}

const zoomDialog = (page: Page) => page.getByRole("dialog", { name: /^Examine the surface: / });

/** Opens the work's page and its viewer, and waits until the viewer is ready: the viewer's dialog. */
async function openZoom(page: Page, slug: string) {
  await openArtwork(page, slug);
  await page.getByRole("button", { name: "Examine the surface" }).click();
  const dialog = zoomDialog(page);
  await expect(dialog).toHaveAttribute("data-state", "ready");
  return dialog;
}

/** A screenshot once the tiles asked for have arrived and been drawn. */
async function settledScreenshot(page: Page, name: string) {
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  await page.screenshot({ path: test.info().outputPath(name) });
}

test.describe("on the artwork page", () => {
  // A small window: the whole work fits well below its full size, so the highest level is only reached by zooming.
  test.use({ viewport: { width: 800, height: 600 } });

  test("loads the viewer and tiles only when opened, reaches the highest level, and Esc closes it", async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await openArtwork(page, "tidewater-hymn");
    expect(requests.filter((r) => VIEWER_CHUNK.test(r.url())).map((r) => r.url())).toEqual([]);
    expect(requests.filter((r) => /\/zoom-v1/.test(r.url())).map((r) => r.url())).toEqual([]);
    // Nothing of it is preloaded either (module preloads are requests too).
    expect(await page.locator('link[href*="deep-zoom"]').count()).toBe(0);

    // The page's scripts before and after opening (docs/benchmarks.md "Deep zoom" sums their gzipped sizes).
    const scripts = () => requests.filter((r) => r.resourceType() === "script").map((r) => new URL(r.url()).pathname);
    const initialScripts = scripts();
    const button = page.getByRole("button", { name: "Examine the surface" });
    await button.click();
    const dialog = zoomDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAttribute("aria-modal", "true");
    await expect(dialog).toHaveAttribute("data-state", "ready");
    expect(requests.some((r) => VIEWER_CHUNK.test(r.url()))).toBe(true);
    await test.info().attach("scripts.json", {
      body: JSON.stringify({ initial: initialScripts, opened: scripts().filter((s) => !initialScripts.includes(s)) }),
      contentType: "application/json",
    });
    const top = await highestLevel(page, requests);
    expect(top).toBe(11);
    await expect.poll(() => tileLevels(requests).length).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
    expect(Math.max(...tileLevels(requests))).toBeLessThan(top);

    // The keyboard (OpenSeadragon's own keys on the focused canvas) zooms in to the highest level.
    await expect(dialog.getByRole("application")).toBeFocused();
    // Each press zooms by 1.3 after an animation: press until the highest level's tiles are asked for (a loaded
    // machine may take several seconds to animate and fetch).
    await expect
      .poll(
        async () => {
          await page.keyboard.press("+");
          return tileLevels(requests).filter((l) => l === top).length;
        },
        { timeout: 30_000, intervals: [500] },
      )
      .toBeGreaterThan(0);
    const topTile = requests.find((r) => TILE.exec(new URL(r.url()).pathname)?.[1] === String(top))!;
    const response = (await topTile.response())!;
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-type"]).toBe("image/webp");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe("hidden");
  });

  test("the wheel zooms in to the highest level too", async ({ page }) => {
    // A page of its own: its viewer has fetched no tile yet (after the keyboard test's zooming, a loaded machine
    // had already fetched every tile of the highest level, so the wheel had nothing new to ask for).
    const requests = recordRequests(page);
    const dialog = await openZoom(page, "tidewater-hymn");
    const top = await highestLevel(page, requests);
    await expect.poll(() => tileLevels(requests).length).toBeGreaterThan(0);
    expect(tileLevels(requests).filter((l) => l === top)).toEqual([]);
    const box = (await dialog.locator("canvas").boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.7);
    await expect
      .poll(
        async () => {
          await page.mouse.wheel(0, -200);
          return tileLevels(requests).filter((l) => l === top).length;
        },
        { timeout: 30_000, intervals: [250] },
      )
      .toBeGreaterThan(0);
  });

  test("a tile outside the layout, or a path that tries to leave it, is not found", async ({ page, request }) => {
    const requests = recordRequests(page);
    await openZoom(page, "tidewater-hymn");
    const descriptor = requests.find((r) => DESCRIPTOR.test(new URL(r.url()).pathname))!;
    const base = new URL(descriptor.url()).pathname.replace(/zoom-v1\.dzi$/, "");
    expect((await request.get(`${base}zoom-v1_files/11/6_4.webp`)).status()).toBe(200);
    for (const path of [
      "zoom-v1_files/11/7_0.webp",
      "zoom-v1_files/12/0_0.webp",
      "zoom-v1_files/011/0_0.webp",
      "zoom-v1_files/11/0_0.png",
      "zoom-v1_files/%2e%2e/0_0.webp",
      "zoom-v1_files/11/..%2F..%2F0_0.webp",
      "zoom-v2.dzi",
      "..%2F..%2Foriginals/x.dzi",
    ])
      expect((await request.get(`${base}${path}`)).status(), path).toBe(404);
  });
});

test("the artwork page's viewer at 1280 px", async ({ page }) => {
  const dialog = await openZoom(page, "tidewater-hymn");
  await settledScreenshot(page, "deep-zoom-1280.png");
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await dialog.getByRole("button", { name: "Zoom in" }).click();
  await settledScreenshot(page, "deep-zoom-1280-zoomed.png");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the viewer fills the screen", async ({ page }) => {
    const dialog = await openZoom(page, "salt-ledger");
    await settledScreenshot(page, "deep-zoom-375.png");
    const box = (await dialog.locator("canvas").boundingBox())!;
    expect(box.x).toBe(0);
    expect(box.width).toBe(375);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
  });
});

test("in the lightbox: the zoom has the keys while open, and the lightbox's keys work after it closes", async ({
  page,
}) => {
  const requests = recordRequests(page);
  await page.goto("/gallery");
  await lightboxOpeners(page).first().click();
  const lightbox = page.getByRole("dialog").first();
  // Which work is shown, not how many: the lightbox's list grows when the gallery's other pages arrive
  // (/api/gallery-works), which a loaded machine answers after the test has read the count.
  const at = (n: number) => lightbox.getByText(new RegExp(`^${n} of \\d+$`));
  await expect(at(1)).toBeVisible();
  expect(requests.filter((r) => VIEWER_CHUNK.test(r.url()))).toEqual([]);

  await lightbox.getByRole("button", { name: "Examine the surface" }).click();
  const zoom = zoomDialog(page);
  await expect(zoom).toHaveAttribute("data-state", "ready");
  await expect.poll(() => tileLevels(requests).length).toBeGreaterThan(0);
  // Arrows move the surface, not the lightbox; + zooms the surface, not the lightbox's picture; T, H do nothing.
  for (const key of ["ArrowRight", "ArrowLeft", "+", "t", "h", "f", "s", "d"]) await page.keyboard.press(key);
  await expect(zoom).toBeVisible();
  // The lightbox's own controls are out of reach behind the surface (inert, hidden from assistive technology):
  // one Close and one Zoom in answer, the surface's.
  await expect(page.getByRole("button", { name: "Close", exact: true })).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Zoom in", exact: true })).toHaveCount(1);
  const behind = { includeHidden: true };
  await expect(at(1)).toBeVisible();
  await expect(lightbox.getByRole("status", { name: "Zoom level", ...behind })).toHaveText("100%");
  await expect(lightbox.getByRole("button", { name: "Thumbnails", ...behind })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
  await expect(lightbox.getByRole("region", { name: "Keyboard shortcuts", ...behind })).toBeHidden();
  // Esc closes the zoom only.
  await page.keyboard.press("Escape");
  await expect(zoom).toBeHidden();
  await expect(lightbox).toBeVisible();
  await expect(lightbox.getByRole("button", { name: "Examine the surface" })).toBeFocused();

  // The lightbox's keys again.
  await page.keyboard.press("ArrowRight");
  await expect(at(2)).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(at(1)).toBeVisible();
  await page.keyboard.press("+");
  await expect(lightbox.getByRole("status", { name: "Zoom level" })).toHaveText("120%");
  await page.keyboard.press("-");
  await expect(lightbox.getByRole("status", { name: "Zoom level" })).toHaveText("100%");
  await page.keyboard.press("+");
  await page.keyboard.press("0");
  await expect(lightbox.getByRole("status", { name: "Zoom level" })).toHaveText("100%");
  await page.keyboard.press("t");
  await expect(lightbox.getByRole("button", { name: "Thumbnails" })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("T");
  await expect(lightbox.getByRole("button", { name: "Thumbnails" })).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.press("f");
  await expect(lightbox).toHaveAttribute("data-fullscreen", "true");
  await page.keyboard.press("F");
  await expect(lightbox).toHaveAttribute("data-fullscreen", "false");
  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("d")]);
  expect(download.suggestedFilename()).toMatch(/\.webp$/);
  await download.cancel();
  await page.keyboard.press("h");
  await expect(lightbox.getByRole("region", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(lightbox.getByRole("region", { name: "Keyboard shortcuts" })).toBeHidden();
  await page.keyboard.press("Escape");
  await expect(lightbox).toBeHidden();
});
