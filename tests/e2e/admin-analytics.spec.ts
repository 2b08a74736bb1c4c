// Analytics end to end: a visitor's pages (the first one from another site, then one reached by a link in the
// site) are counted on the server, and the admin sees them on /admin/analytics: views, the work, the referring
// site; the admin's own pages are not counted.
import { seriousViolations } from "../support/axe";
import { expect, ownServerTest as test } from "../support/own-admin-server";

test("visits to public pages are counted and shown on Analytics", async ({ adminPage: page, visitor }) => {
  test.setTimeout(120_000);
  await visitor.goto("/gallery", { referer: "https://www.instagram.com/studio/" });
  const first = visitor.locator('main a[href^="/artwork/"]').first();
  const href = (await first.getAttribute("href"))!;
  await visitor.goto(href);
  const title = (await visitor.getByRole("heading", { level: 1 }).textContent())!.trim();
  await visitor.goto("/about");
  await visitor.close();

  await page.goto("/admin/analytics?range=7");
  await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(/Days and months are the studio's, in its time zone/)).toBeVisible();
  // Counts are written every few seconds: reload until they are in.
  await expect(async () => {
    await page.reload();
    expect(Number(await page.getByTestId("views-total").textContent())).toBeGreaterThanOrEqual(3);
  }).toPass({ timeout: 30_000 });

  const works = page.getByRole("region", { name: "Most viewed works" });
  await expect(works.getByRole("row", { name: new RegExp(title) })).toBeVisible();
  const referrers = page.getByRole("region", { name: "Referring sites" });
  await expect(referrers.getByRole("row", { name: /instagram\.com/ })).toContainText("1");
  const pages = page.getByRole("region", { name: "Most viewed pages" });
  await expect(pages.getByRole("row", { name: /^\/gallery/ })).toBeVisible();
  await expect(pages.getByRole("row", { name: /^\/about/ })).toBeVisible();
  await expect(pages.getByText(/\/admin/)).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole("link", { name: "Last 90 days" }).click();
  await expect(page).toHaveURL(/range=90/);
  await expect(page.getByRole("region", { name: "By month" }).getByRole("row")).toHaveCount(13);
});
