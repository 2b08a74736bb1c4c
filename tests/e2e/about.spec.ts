import { DEMO_BIOGRAPHY, DEMO_CV, DEMO_STATEMENT } from "../../app/modules/demo/demo-data";
import { seriousViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

const PHOTOS = [
  ["The studio wall in late afternoon", "The studio wall in late afternoon, in the studio of Mara Ellison"],
  ["Work in progress, spring", "Work in progress, spring, in the studio of Mara Ellison"],
  ["Two paintings from the Ledger series", "Two paintings from the Ledger series, in the studio of Mara Ellison"],
] as const;

test("the about page tells the artist's story from the stored biography", async ({ page }) => {
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 1, name: "About the Artist" })).toBeVisible();
  for (const paragraph of DEMO_BIOGRAPHY.split("\n\n")) {
    await expect(page.getByText(paragraph, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("blockquote")).toContainText(DEMO_STATEMENT);
});

test("the artist photos featured on the about page show with their alt text and captions, all loaded", async ({
  page,
}) => {
  await page.goto("/about");
  for (const [caption, alt] of PHOTOS) {
    const image = page.getByRole("img", { name: alt, exact: true });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    await expect(page.locator("figcaption", { hasText: caption })).toBeVisible();
  }
  await expect(page.locator("img[src='/images/default-portrait.svg']")).toHaveCount(0);
});

test("the highlights and the CV are listed", async ({ page }) => {
  await page.goto("/about");
  const highlights = page.locator("section", { has: page.getByRole("heading", { name: "Highlights" }) });
  await expect(highlights.getByRole("listitem")).toHaveText([
    "150+ Original Artworks",
    "10+ Years Experience",
    "Contemporary Style Focus",
    "Commission Work Available",
  ]);
  const cv = page.locator("section", { has: page.getByRole("heading", { level: 2, name: "Curriculum vitae" }) });
  await expect(cv.getByRole("heading", { level: 3 })).toHaveText(DEMO_CV.map((s) => s.heading));
  await expect(cv.getByRole("listitem")).toHaveCount(DEMO_CV.flatMap((s) => s.entries).length);
  await expect(cv.getByText("Tidewater, Marigny Contemporary, New Orleans", { exact: true })).toBeVisible();
  await expect(cv.getByText("BFA Painting, Savannah College of Art and Design, 2014", { exact: true })).toBeVisible();
});

test("the about page leads on to commissions and contact", async ({ page }) => {
  await page.goto("/about");
  await page.getByRole("link", { name: "Commission a Work" }).click();
  await expect(page).toHaveURL("/commissions");
  await page.goto("/about");
  await page.getByRole("main").getByRole("link", { name: "Get in Touch" }).click();
  await expect(page).toHaveURL("/contact");
});

test("the about page has no serious accessibility violations", async ({ page }) => {
  await page.goto("/about");
  expect(await seriousViolations(page)).toEqual([]);
});
