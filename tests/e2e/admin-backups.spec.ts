// Settings › Backups (issue 13 item 1): the artist downloads a backup of the running shop from the admin; the
// file is a complete archive (every table, every original). A plain user or a visitor gets none.
import { openArchive } from "../../app/modules/backup/backup.server";
import { adminTest as test, expect } from "../support/admin-fixtures";
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";

test("Download a backup gives the whole shop in one file, saying when the download starts", async ({ page }, info) => {
  test.setTimeout(120_000);
  await page.goto("/admin/settings");
  const panel = page.getByRole("region", { name: "Backups" });
  await expect(panel.getByText("Automatic backups")).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download a backup" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^atelier-\d{4}-\d{2}-\d{2}T[\d-]+\.atelier-backup$/);
  // The panel counted the seconds while the server wrote the archive, and knows the download has begun.
  await expect(panel.getByRole("status")).toHaveText("Download started: your browser shows its progress.");
  const file = info.outputPath("shop.atelier-backup");
  await download.saveAs(file);
  const { manifest } = await openArchive(file);
  expect(manifest.tables.find((t) => t.name === "artworks")?.rows).toBe(DEMO_ARTWORKS.length);
  expect(manifest.media.length).toBeGreaterThanOrEqual(DEMO_ARTWORKS.length);
  expect(manifest.hasSecret).toBe(true);
});

test("the archive is sent as it is, with its length (the browser can show the progress)", async ({ page }) => {
  test.setTimeout(120_000);
  const response = await page.request.get("/admin/backup", { headers: { "accept-encoding": "br, gzip" } });
  expect(response.status()).toBe(200);
  // Its images and data are compressed already: compressing it again costs the server and hides the length.
  expect(response.headers()["content-encoding"]).toBeUndefined();
  const body = await response.body();
  expect(Number(response.headers()["content-length"])).toBe(body.length);
});

test("a visitor cannot download a backup", async ({ browser, baseURL }) => {
  const visitor = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const response = await visitor.request.get("/admin/backup", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/auth?redirectTo=%2Fadmin%2Fbackup");
  await visitor.close();
});
