// Spec §2 Admin layout on a phone (375 px): the sidebar is a drawer, opened from the header, that navigates and
// closes once a page is chosen.
import type { Page } from "@playwright/test";
import { adminTest as test, expect } from "../support/admin-fixtures";

test("below 768 px the sidebar is a drawer that opens, navigates and closes", async ({ page }) => {
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  // The desktop sidebar is not shown; the header keeps the admin's name and Sign Out.
  await expect(page.getByRole("complementary", { name: "Admin sidebar" })).toBeHidden();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();

  const open = page.getByRole("button", { name: "Toggle Sidebar" });
  await open.click();
  const drawer = page.getByRole("dialog");
  await expect(drawer).toBeVisible();
  // 18rem wide, never wider than the screen allows.
  const box = (await drawer.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBeLessThanOrEqual(288);
  expect(box.width).toBeGreaterThan(200);
  const nav = drawer.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");

  await nav.getByRole("link", { name: "Blog Posts" }).click();
  await expect(page).toHaveURL(/\/admin\/blog$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blog Posts" })).toBeVisible();
  await expect(drawer).toBeHidden();

  // Opened again, it marks the new page and closes with its close button.
  await open.click();
  await expect(drawer.getByRole("link", { name: "Blog Posts" })).toHaveAttribute("aria-current", "page");
  await drawer.getByRole("button", { name: "Close menu" }).click();
  await expect(drawer).toBeHidden();

  // Escape closes it too.
  await open.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
});

test("on a phone the upload forms fit the screen: nothing scrolls sideways", async ({ page }) => {
  // A file input's own width once pushed the form's grid column past the screen (Upload Photos: 527 px wide).
  for (const [path, heading] of [
    ["/admin/artist-photos", "Upload Photos"],
    ["/admin/blog/new", "New post"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(375);
  }
});

/** Elements among `selector` whose content is wider than their box (cut short, or spilling over a neighbour). */
const overflowing = (page: Page, selector: string) =>
  page.$$eval(selector, (elements) =>
    elements.filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent?.trim()),
  );

test("at 375 px the header names the administrator in full, and tables and figures keep to their boxes", async ({
  page,
}) => {
  await page.goto("/admin");
  // Spec §2: the header shows the user's full name; at 375 px it was cut to "M…".
  const name = page.getByTestId("admin-user-name");
  await expect(name).toHaveText("Mara Ellison");
  expect(await overflowing(page, "[data-testid=admin-user-name]")).toEqual([]);

  // Each work's title stays in its own column (it ran over the year: "Tidewa2025").
  await page.goto("/admin/artworks");
  const row = page.getByRole("row").filter({ hasText: "Tidewater Hymn" });
  const title = (await row.getByRole("link", { name: "Tidewater Hymn", exact: true }).boundingBox())!;
  const year = (await row.getByRole("cell", { name: "2025", exact: true }).boundingBox())!;
  expect(title.x + title.width).toBeLessThanOrEqual(year.x);

  // The stock figures fit their cards ("$98,700" ran past its edge).
  await page.goto("/admin/inventory");
  await expect(page.getByText("Value of available stock")).toBeVisible();
  expect(await overflowing(page, "main dl dd")).toEqual([]);
});

test("at 375 px Status Management shows each work's availability without scrolling sideways", async ({ page }) => {
  // The medium under a title never wrapped, so the table grew past the screen and the badges sat off its edge.
  await page.goto("/admin/status");
  const table = page.getByRole("group", { name: "Works and their status" });
  await expect(table).toBeVisible();
  const sideways = await table.evaluate((e) => e.scrollWidth - e.clientWidth);
  expect(sideways).toBeLessThanOrEqual(0);
  const row = table.getByRole("row").filter({ hasText: "A Map of Small Weather" });
  await expect(row.getByText("Available", { exact: true })).toBeInViewport({ ratio: 1 });
});
