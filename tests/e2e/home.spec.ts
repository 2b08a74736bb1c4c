import type { Page } from "@playwright/test";
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

/** The seed features six works, in the spec's display order. */
const FEATURED = DEMO_ARTWORKS.filter((a) => a.featured);

const carouselOf = (page: Page) => page.getByRole("region", { name: "Featured artworks" });
/** The slide on show: the others are inert. */
const currentSlide = (page: Page) => carouselOf(page).locator('[aria-roledescription="slide"]:not([inert])');

/** Loads the home page and waits until the carousel is hydrated (its autoplay control appears then). */
async function openHome(page: Page) {
  await page.goto("/");
  await expect(carouselOf(page).getByRole("button", { name: /slideshow/ })).toBeVisible();
}

test("the hero shows the stored title and subtitle over its image, with buttons to the gallery, shop and commissions", async ({
  page,
}) => {
  await page.goto("/");
  const hero = page.locator("main section").first();
  await expect(hero.getByRole("heading", { level: 1, name: "Paintings of water, weather and light" })).toBeVisible();
  await expect(hero.getByText("Original abstract works by Mara Ellison, made in New Orleans.")).toBeVisible();
  // The background is the LCP image: eager, high priority, viewport-wide, and loaded.
  const image = hero.locator("img");
  await expect(image).toHaveAttribute("fetchpriority", "high");
  await expect(image).toHaveAttribute("loading", "eager");
  await expect(hero.locator("source[type='image/avif']")).toHaveAttribute("sizes", "100vw");
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  for (const [name, path, heading] of [
    ["Shop Originals", "/shop", "Original paintings"],
    ["Commission a Work", "/commissions", "Commission a painting"],
    ["Explore the Gallery", "/gallery", "All works"],
  ] as const) {
    await page.goto("/");
    await hero.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("the carousel holds the six featured works in order, each with badge, price, size, year and actions", async ({
  page,
}) => {
  // Reduced motion keeps the slides still while we read them.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHome(page);
  const carousel = carouselOf(page);
  await expect(carousel).toHaveAttribute("aria-roledescription", "carousel");
  const slides = carousel.locator('[aria-roledescription="slide"]');
  await expect(slides).toHaveCount(6);
  await expect(slides.locator("h3")).toHaveText(FEATURED.map((a) => a.title));

  for (const [i, artwork] of FEATURED.entries()) {
    await carousel.getByRole("button", { name: `Go to slide ${i + 1}`, exact: true }).click();
    const slide = currentSlide(page);
    await expect(slide).toHaveAttribute("aria-label", `${i + 1} of 6`);
    await expect(carousel.getByRole("button", { name: `Go to slide ${i + 1}`, exact: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    await expect(slide.getByRole("heading", { level: 3 })).toHaveText(artwork.title);
    const sold = artwork.availability === "sold";
    await expect(slide.getByText(sold ? "SOLD" : "AVAILABLE", { exact: true })).toBeVisible();
    await expect(slide.getByText(`$${artwork.priceUsd.toLocaleString("en-US")}`, { exact: true })).toBeVisible();
    await expect(slide.getByText(`${artwork.inches[0]}" x ${artwork.inches[1]}"`, { exact: true })).toBeVisible();
    await expect(slide.getByText(String(artwork.year), { exact: true })).toBeVisible();

    const details = slide.getByRole("link", { name: "View Details" });
    const href = await details.getAttribute("href");
    expect(href).toMatch(/^\/artwork\/[0-9a-f-]{36}$/);
    const id = href!.split("/").at(-1)!;
    if (sold) {
      const soldOut = slide.getByRole("button", { name: "SOLD OUT" });
      await expect(soldOut).toBeVisible();
      await expect(soldOut).toBeDisabled();
      await expect(slide.getByRole("link", { name: "Inquire" })).toHaveCount(0);
    } else {
      const inquire = new URL((await slide.getByRole("link", { name: "Inquire" }).getAttribute("href"))!, "http://x");
      expect(inquire.pathname).toBe("/contact");
      expect(Object.fromEntries(inquire.searchParams)).toEqual({
        type: "artwork",
        artwork_id: id,
        artwork_title: artwork.title,
      });
    }
  }

  // View Details leads to the work's own page. Found by role on the whole page, it is the current slide's: the
  // others are hidden from the accessibility tree.
  await carousel.getByRole("button", { name: "Go to slide 1", exact: true }).click();
  const details = page.getByRole("link", { name: "View Details" });
  await expect(details).toHaveCount(1);
  await expect(carousel.getByRole("heading", { level: 3 })).toHaveText(FEATURED[0]!.title);
  const href = await details.getAttribute("href");
  await details.click();
  await expect(page).toHaveURL(href!);
  await expect(page.getByRole("heading", { level: 1, name: FEATURED[0]!.title })).toBeVisible();
});

test("the featured works arrive with the page: no skeleton, and a link to the complete gallery", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  expect(html).not.toContain("Loading featured artworks...");
  expect(html).toContain('aria-label="6 of 6"');
  await page.goto("/");
  await page.getByRole("link", { name: "View Complete Gallery" }).click();
  await expect(page).toHaveURL("/gallery");
});

test("autoplay advances every 6000 ms and wraps from the last slide to the first", async ({ page }) => {
  await page.clock.install();
  await openHome(page);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  await page.clock.runFor(5000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  await page.clock.runFor(1000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");
  for (const n of [3, 4, 5, 6]) {
    await page.clock.runFor(6000);
    await expect(currentSlide(page)).toHaveAttribute("aria-label", `${n} of 6`);
  }
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  await expect(carouselOf(page).getByRole("button", { name: "Go to slide 1", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
});

test("autoplay pauses while the pointer is over the carousel or focus is inside it", async ({ page }) => {
  await page.clock.install();
  await openHome(page);
  const carousel = carouselOf(page);
  await carousel.hover();
  await page.clock.runFor(13_000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  await page.mouse.move(2, 2);
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");

  await carousel.getByRole("button", { name: "Next slide" }).focus();
  await page.clock.runFor(13_000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 6");
});

test("a dot clicked moves to its slide and autoplay goes on from there, wrapping from the last to the first", async ({
  page,
}) => {
  await page.clock.install();
  await openHome(page);
  const carousel = carouselOf(page);
  await carousel.getByRole("button", { name: "Go to slide 6", exact: true }).click();
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "6 of 6");
  // The pointer resting on the dot it clicked, and the focus the click gave it, do not hold the slideshow.
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  await carousel.getByRole("button", { name: "Next slide" }).click();
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 6");
  // Moving the pointer over it again pauses it.
  await carousel.hover({ position: { x: 20, y: 20 } });
  await page.clock.runFor(13_000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 6");
  // A press dragged out of it and released outside leaves keyboard focus pausing it, as before.
  const dot = (await carousel.getByRole("button", { name: "Go to slide 1", exact: true }).boundingBox())!;
  await page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2);
  await page.mouse.down();
  await page.mouse.move(2, 2);
  await page.mouse.up();
  await carousel.getByRole("button", { name: "Next slide" }).focus();
  await page.clock.runFor(13_000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "3 of 6");
});

test("with reduced motion the carousel stays put until asked, and the visitor can start or stop autoplay", async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.clock.install();
  await openHome(page);
  const play = carouselOf(page).getByRole("button", { name: "Play slideshow" });
  await expect(play).toBeVisible();
  await page.clock.runFor(20_000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  // Opting in starts it; it rotates once focus has left the carousel.
  await play.click();
  await expect(carouselOf(page).getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(2, 2);
  await page.clock.runFor(6000);
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "2 of 6");
});

test("every carousel control works from the keyboard", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHome(page);
  const carousel = carouselOf(page);
  // Tab from the slide's own links into the controls: play, the six dots, previous, next.
  await currentSlide(page).getByRole("link", { name: "View Details" }).focus();
  await page.keyboard.press("Tab");
  await expect(currentSlide(page).getByRole("link", { name: "Inquire" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Play slideshow" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Go to slide 1", exact: true })).toBeFocused();
  for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Go to slide 5", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "5 of 6");
  await expect(carousel.getByRole("button", { name: "Go to slide 5", exact: true })).toHaveAttribute(
    "aria-current",
    "true",
  );

  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Previous slide" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "4 of 6");
  await page.keyboard.press("Tab");
  await expect(carousel.getByRole("button", { name: "Next slide" })).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");
  // Arrow keys move between slides while focus is in the carousel; previous wraps to the last.
  await page.keyboard.press("ArrowLeft");
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "6 of 6");
  await page.keyboard.press("ArrowRight");
  await expect(currentSlide(page)).toHaveAttribute("aria-label", "1 of 6");

  // The play control toggles from the keyboard too.
  await carousel.getByRole("button", { name: "Play slideshow" }).focus();
  await page.keyboard.press("Enter");
  await expect(carousel.getByRole("button", { name: "Pause slideshow" })).toBeFocused();
});

test("the slides change without moving the page around them", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHome(page);
  const carousel = carouselOf(page);
  const heights = new Set<number>();
  for (let n = 1; n <= 6; n++) {
    await carousel.getByRole("button", { name: `Go to slide ${n}`, exact: true }).click();
    await expect(currentSlide(page)).toHaveAttribute("aria-label", `${n} of 6`);
    heights.add(Math.round((await carousel.boundingBox())!.height));
  }
  expect(heights.size).toBe(1);
});

test("the process section shows its three steps: Inspiration, Creation, Refinement", async ({ page }) => {
  await page.goto("/");
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "The Process" }) });
  await expect(section.getByRole("heading", { level: 3 })).toHaveText(["Inspiration", "Creation", "Refinement"]);
  await expect(section.getByRole("listitem")).toHaveCount(3);
});

test("the artist statement shows the portrait, the default highlights and its two calls to action", async ({
  page,
}) => {
  await page.goto("/");
  const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "About the Artist" }) });
  const portrait = section.getByRole("img", {
    name: "The studio wall in late afternoon, in the studio of Mara Ellison",
  });
  await portrait.scrollIntoViewIfNeeded();
  await expect
    .poll(() => portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  await expect(
    section.getByText("I paint the feeling of a place rather than its outline.", { exact: false }),
  ).toBeVisible();
  await expect(section.getByRole("listitem")).toHaveText([
    "150+ Original Artworks",
    "10+ Years Experience",
    "Contemporary Style Focus",
    "Commission Work Available",
  ]);
  await expect(section.getByRole("link", { name: "About the Artist" })).toHaveAttribute("href", "/about");
  await expect(section.getByRole("link", { name: "Commission a Work" })).toHaveAttribute("href", "/commissions");
  await section.getByRole("link", { name: "About the Artist" }).click();
  await expect(page).toHaveURL("/about");
});

test("the home page has no serious accessibility violations, on a sold slide too", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await openHome(page);
  const analyse = async () => {
    expect(await seriousViolations(page)).toEqual([]);
  };
  await analyse();
  await carouselOf(page)
    .getByRole("button", {
      name: `Go to slide ${FEATURED.findIndex((a) => a.availability === "sold") + 1}`,
      exact: true,
    })
    .click();
  await expect(currentSlide(page).getByRole("button", { name: "SOLD OUT" })).toBeVisible();
  await analyse();
});
