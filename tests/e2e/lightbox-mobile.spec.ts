// The lightbox on a 375 px touch screen: tap to open, swipe, tap to zoom and pinch (spec §2, §9),
// driven by real touch events through the Chrome DevTools Protocol.
import type { CDPSession, Page } from "@playwright/test";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";
import { lightboxOpeners } from "../support/e2e-lightbox";

const dialog = (page: Page) => page.getByRole("dialog");
const zoomLevel = (page: Page) => dialog(page).getByRole("status", { name: "Zoom level" });
const counter = (page: Page, n: number, total: number) => dialog(page).getByText(`${n} of ${total}`, { exact: true });

interface Point {
  x: number;
  y: number;
}

/**
 * Touch input as the browser receives it from a screen: touchstart, touchmove…, touchend. Each event
 * carries its own timestamp, so a gesture's duration is exact however busy the test machine is.
 */
class Finger {
  private clock = Date.now() / 1000;

  constructor(private readonly cdp: CDPSession) {}

  static async on(page: Page) {
    return new Finger(await page.context().newCDPSession(page));
  }

  private send(type: "touchStart" | "touchMove" | "touchEnd", points: Point[], atMs: number) {
    return this.cdp.send("Input.dispatchTouchEvent", {
      type,
      timestamp: this.clock + atMs / 1000,
      touchPoints: points.map((p, id) => ({ x: Math.round(p.x), y: Math.round(p.y), id })),
    });
  }

  /** Starts a gesture `afterMs` after the previous one ended (event time, not wall time). */
  private start(afterMs: number) {
    this.clock = Math.max(this.clock + afterMs / 1000, Date.now() / 1000);
  }

  /** Fingers moving together from `from` to `to` in `steps` moves over `ms` milliseconds. */
  async gesture(from: Point[], to: Point[], { steps = 6, ms = 120 } = {}) {
    this.start(1000);
    await this.send("touchStart", from, 0);
    for (let i = 1; i <= steps; i++) {
      const at = (p: Point, k: number) => ({
        x: p.x + ((to[k]!.x - p.x) * i) / steps,
        y: p.y + ((to[k]!.y - p.y) * i) / steps,
      });
      await this.send("touchMove", from.map(at), (ms * i) / steps);
    }
    await this.send("touchEnd", [], ms);
    this.clock += ms / 1000;
  }

  swipe(from: Point, to: Point, options?: { steps?: number; ms?: number }) {
    return this.gesture([from], [to], options);
  }

  /** One tap: the finger down and up again at `at`, 40 ms later. */
  async tap(at: Point) {
    this.start(1000);
    await this.send("touchStart", [at], 0);
    await this.send("touchEnd", [], 40);
    this.clock += 40 / 1000;
  }
}

async function open(page: Page) {
  await page.goto("/gallery");
  // The viewer steps through every work of the gallery, as many as its header counts.
  const total = Number(/(\d+) paintings\./.exec(await page.locator("main header").innerText())![1]);
  await lightboxOpeners(page).first().tap();
  await expect(dialog(page)).toBeVisible();
  await expect(counter(page, 1, total)).toBeVisible();
  const box = (await dialog(page).getByTestId("lightbox-stage").boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  return { total, centre, finger: await Finger.on(page) };
}

test("a tap on an image opens it full screen across the whole 375 px screen", async ({ page }) => {
  const { total } = await open(page);
  // It covers the whole screen.
  const box = (await dialog(page).boundingBox())!;
  const screen = await page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  expect(box).toEqual({ x: 0, y: 0, ...screen });
  expect(screen.width).toBeGreaterThanOrEqual(375);
  await expect(dialog(page).getByRole("img", { name: /, / })).toBeVisible();
  // Full screen is on a phone's toolbar too (a phone's browser then shows the work edge to edge), and every
  // control of the toolbar is on the screen.
  const fullScreen = dialog(page).getByRole("button", { name: "Full screen" });
  await fullScreen.tap();
  await expect(fullScreen).toHaveAttribute("aria-pressed", "true");
  await fullScreen.tap();
  await expect(fullScreen).toHaveAttribute("aria-pressed", "false");
  const offScreen = await dialog(page)
    .getByRole("button")
    .evaluateAll((buttons) =>
      buttons.filter((b) => b.getBoundingClientRect().right > window.innerWidth).map((b) => b.ariaLabel),
    );
  expect(offScreen).toEqual([]);
  await dialog(page).getByRole("button", { name: "Close", exact: true }).tap();
  await expect(dialog(page)).toBeHidden();
  expect(total).toBeGreaterThan(2);
});

test("a quick sideways swipe shows the next or previous image, wrapping", async ({ page }) => {
  const { total, centre, finger } = await open(page);
  await finger.swipe({ x: centre.x + 100, y: centre.y }, { x: centre.x - 100, y: centre.y + 10 });
  await expect(counter(page, 2, total)).toBeVisible();
  await finger.swipe({ x: centre.x - 100, y: centre.y }, { x: centre.x + 100, y: centre.y - 10 });
  await expect(counter(page, 1, total)).toBeVisible();
  await finger.swipe({ x: centre.x - 100, y: centre.y }, { x: centre.x + 100, y: centre.y });
  await expect(counter(page, total, total)).toBeVisible();
});

test("a slow, short or mostly vertical swipe changes nothing", async ({ page }) => {
  const { total, centre, finger } = await open(page);
  // Slow: 300 ms or more.
  await finger.swipe({ x: centre.x + 100, y: centre.y }, { x: centre.x - 100, y: centre.y }, { steps: 8, ms: 450 });
  // Mostly vertical: 100 px or more up or down.
  await finger.swipe({ x: centre.x + 60, y: centre.y - 80 }, { x: centre.x - 60, y: centre.y + 80 });
  // Short: 50 px or less sideways.
  await finger.swipe({ x: centre.x + 20, y: centre.y }, { x: centre.x - 25, y: centre.y });
  await page.waitForTimeout(300);
  await expect(counter(page, 1, total)).toBeVisible();
  await expect(zoomLevel(page)).toHaveText("100%");
});

test("a single tap zooms to 200% and another tap returns to 100%", async ({ page }) => {
  const { total, centre, finger } = await open(page);
  await expect(zoomLevel(page)).toHaveText("100%");
  const picture = dialog(page).getByTestId("lightbox-stage").locator("img");
  const before = (await picture.boundingBox())!;
  await finger.tap(centre);
  await expect(zoomLevel(page)).toHaveText("200%");
  // The picture itself is shown twice as large.
  await expect.poll(async () => (await picture.boundingBox())!.width).toBeCloseTo(before.width * 2, -1);
  await finger.tap(centre);
  await expect(zoomLevel(page)).toHaveText("100%");
  await expect.poll(async () => (await picture.boundingBox())!.width).toBeCloseTo(before.width, -1);
  await expect(counter(page, 1, total)).toBeVisible();
});

test("pinching zooms in and out, and a zoomed image pans instead of swiping", async ({ page }) => {
  const { total, centre, finger } = await open(page);
  // Vertically, clear of the arrow buttons at the screen's sides.
  await finger.gesture(
    [
      { x: centre.x, y: centre.y - 40 },
      { x: centre.x, y: centre.y + 40 },
    ],
    [
      { x: centre.x, y: centre.y - 120 },
      { x: centre.x, y: centre.y + 120 },
    ],
  );
  await expect.poll(async () => Number.parseInt((await zoomLevel(page).textContent()) ?? "0", 10)).toBeGreaterThan(200);

  // Zoomed in, a quick sideways swipe moves the picture rather than changing the work.
  const picture = dialog(page).getByTestId("lightbox-stage").locator("img");
  const before = (await picture.boundingBox())!;
  await finger.swipe({ x: centre.x + 60, y: centre.y }, { x: centre.x - 60, y: centre.y });
  await expect(counter(page, 1, total)).toBeVisible();
  await expect.poll(async () => (await picture.boundingBox())!.x).toBeLessThan(before.x - 50);

  await finger.gesture(
    [
      { x: centre.x - 60, y: centre.y - 150 },
      { x: centre.x + 60, y: centre.y + 150 },
    ],
    [
      { x: centre.x - 6, y: centre.y - 15 },
      { x: centre.x + 6, y: centre.y + 15 },
    ],
  );
  await expect.poll(async () => Number.parseInt((await zoomLevel(page).textContent()) ?? "0", 10)).toBeLessThan(100);
});

test("the open lightbox on a phone has no serious accessibility violations", async ({ page }) => {
  await open(page);
  await dialog(page).getByRole("button", { name: "Thumbnails" }).tap();
  expect(await seriousViolations(page)).toEqual([]);
});
