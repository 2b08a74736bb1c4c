import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const carouselOf = (page: Page) => page.getByRole("region", { name: "Featured artworks" });
const currentSlide = (page: Page) => carouselOf(page).locator('[aria-roledescription="slide"]:not([inert])');

/** A one-finger horizontal swipe across an element, as real touch events. */
async function swipe(page: Page, target: Locator, dx: number) {
  const box = (await target.boundingBox())!;
  const y = box.y + Math.min(box.height / 2, 150);
  const from = box.x + box.width / 2 - dx / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
  for (let step = 1; step <= 6; step++) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: from + (dx * step) / 6, y }] });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** Taps a control after bringing it to mid-screen, clear of the fixed tab bar. */
async function tap(target: Locator) {
  await target.evaluate((el) => el.scrollIntoView({ block: "center" }));
  await target.tap();
}

test("at 375px the home page is one column, nothing wider than the screen, the hero above the tab bar", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);

  const hero = page.locator("main section").first();
  await expect(hero.getByRole("heading", { level: 1 })).toBeInViewport();
  const tabBar = (await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!;
  for (const name of ["Explore the Gallery", "Shop Originals", "Commission a Work"]) {
    const button = (await hero.getByRole("link", { name, exact: true }).boundingBox())!;
    expect(button.x).toBeGreaterThanOrEqual(0);
    expect(button.x + button.width).toBeLessThanOrEqual(375);
    expect(button.y + button.height).toBeLessThanOrEqual(tabBar.y);
    expect(button.height).toBeGreaterThanOrEqual(44);
  }

  // Each slide stacks its image above its text; the process steps stack too.
  const slide = currentSlide(page);
  const image = (await slide.locator("a").first().boundingBox())!;
  const title = (await slide.getByRole("heading", { level: 3 }).boundingBox())!;
  expect(title.y).toBeGreaterThan(image.y + image.height);
  expect(image.width).toBeGreaterThan(300);
  const steps = page
    .locator("section", { has: page.getByRole("heading", { name: "The Process" }) })
    .getByRole("listitem");
  const [first, second] = [(await steps.nth(0).boundingBox())!, (await steps.nth(1).boundingBox())!];
  expect(second.x).toBe(first.x);
  expect(second.y).toBeGreaterThan(first.y + first.height);
});

test("the carousel is usable by touch: taps on its controls and swipes move between slides", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("/");
  const carousel = carouselOf(page);
  await expect(carousel.getByRole("button", { name: "Play slideshow" })).toBeVisible();
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");

  await tap(carousel.getByRole("button", { name: "Next slide" }));
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");
  await tap(carousel.getByRole("button", { name: "Go to slide 6", exact: true }));
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "6 of 6");
  await tap(carousel.getByRole("button", { name: "Previous slide" }));
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "5 of 6");

  // Every control is a comfortable target and the row fits the screen.
  const controls = await carousel.getByRole("button", { name: /slide/ }).all();
  expect(controls).toHaveLength(9);
  for (const button of controls) {
    const box = (await button.boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
  }

  // Swipes go last: a tap straight after a synthetic swipe can be swallowed by Chromium's gesture detection.
  await currentSlide(page).scrollIntoViewIfNeeded();
  // On a loaded machine Chromium now and then turns a synthetic swipe into a scroll gesture and cancels the
  // touch; a swipe the page never saw is sent again (one the page saw moves exactly one slide).
  const swipeTo = async (dx: number, expected: string) => {
    await expect(async () => {
      if ((await currentSlide(page).getAttribute("aria-label")) !== expected) await swipe(page, currentSlide(page), dx);
      await expect(currentSlide(page)).toHaveAttribute("aria-label", expected, { timeout: 2_000 });
    }).toPass({ timeout: 15_000 });
  };
  await swipeTo(-180, "6 of 6");
  await swipeTo(-180, "1 of 6");
  await swipeTo(180, "6 of 6");
  // A short drag is not a swipe.
  await swipe(page, currentSlide(page), -30);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "6 of 6");
});

test("a slide's View Details opens the work by touch", async ({ page }) => {
  await page.goto("/");
  const details = currentSlide(page).getByRole("link", { name: "View Details" });
  const href = await details.getAttribute("href");
  await tap(details);
  await expect(page).toHaveURL(href!);
});

test("at 375px the about page puts the title first, then the portrait, then the biography", async ({ page }) => {
  await page.goto("/about");
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
  const portrait = (await page
    .getByRole("img", { name: "The studio wall in late afternoon, in the studio of Mara Ellison" })
    .boundingBox())!;
  const biography = (await page
    .getByText("Mara Ellison is an abstract painter working in New Orleans.", { exact: false })
    .boundingBox())!;
  expect(portrait.y).toBeGreaterThan(heading.y + heading.height);
  expect(biography.y).toBeGreaterThan(portrait.y + portrait.height);
});
