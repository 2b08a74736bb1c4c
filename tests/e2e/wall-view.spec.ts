// "See it on a wall" (issue 15 item 2): the artwork page opens a drawn room with the work at true scale: a
// 48-inch work spans twice the width of a 24-inch one on the same wall, the size reads in inches and
// centimetres, the room and the wall colour can be changed, and on a phone the same view fits the screen.
// Read-only, on the shared server's demo catalogue (Blue Hour Fugue 48 × 48 in, Iron and Lavender 24 × 24 in).
import type { Page } from "@playwright/test";
import { expect, PHONE, test, waitForHydration } from "../support/fixtures";

async function openWallView(page: Page, slug: string) {
  await page.goto(`/artwork/${slug}`);
  await waitForHydration(page);
  await page.getByRole("button", { name: "See it on a wall" }).click();
  const dialog = page.getByRole("dialog", { name: "See it on a wall" });
  await expect(dialog).toBeVisible();
  const work = dialog.getByTestId("wall-artwork");
  await expect(work.getByRole("img")).toBeVisible();
  return dialog;
}

/** The work's width as a share of the wall scene's width. */
async function share(page: Page): Promise<number> {
  const dialog = page.getByRole("dialog", { name: "See it on a wall" });
  const scene = await dialog.getByTestId("wall-scene").boundingBox();
  const work = await dialog.getByTestId("wall-artwork").boundingBox();
  return work!.width / scene!.width;
}

test("a 48-inch work spans twice the width of a 24-inch one on the same wall", async ({ page }) => {
  const large = await openWallView(page, "blue-hour-fugue");
  await expect(large.getByText("48 × 48 in (121.9 × 121.9 cm)")).toBeVisible();
  await expect(large.getByRole("radio", { name: "Living room" })).toBeChecked();
  await expect(large.getByText(/Sofa, 84 in \(213 cm\) wide/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("wall-1280.png") });
  const largeShare = await share(page);

  const small = await openWallView(page, "iron-and-lavender");
  await expect(small.getByText("24 × 24 in (61 × 61 cm)")).toBeVisible();
  const smallShare = await share(page);
  expect(largeShare / smallShare).toBeCloseTo(2, 1);
  // True scale against the sofa: 24 in on a 156-inch wall.
  expect(smallShare).toBeCloseTo(24 / 156, 2);

  // Another room keeps the scale: the same work on a wider wall takes a smaller share.
  await small.getByRole("radio", { name: "Gallery wall" }).check();
  await expect(small.getByText(/Bench, 60 in \(152 cm\) wide/)).toBeVisible();
  expect(await share(page)).toBeCloseTo(24 / 216, 2);

  // The wall colour.
  const wall = small.getByTestId("wall-scene").locator("svg > rect").first();
  await expect(wall).toHaveAttribute("fill", "#efebe3");
  await small.getByRole("radio", { name: "Charcoal" }).check();
  await expect(wall).toHaveAttribute("fill", "#3a3936");

  await small.getByRole("button", { name: "Close the wall view" }).click();
  await expect(small).toBeHidden();
});

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the wall view fits the screen", async ({ page }) => {
    const dialog = await openWallView(page, "iron-and-lavender");
    await page.screenshot({ path: test.info().outputPath("wall-375.png") });
    const viewport = page.viewportSize()!;
    const scene = await dialog.getByTestId("wall-scene").boundingBox();
    expect(scene!.x).toBeGreaterThanOrEqual(0);
    expect(scene!.x + scene!.width).toBeLessThanOrEqual(viewport.width);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });
});
