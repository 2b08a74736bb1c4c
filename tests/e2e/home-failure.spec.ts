// Spec §8: when the homepage sections cannot be loaded, the home page shows the destructive toast
// 'Error' / 'Failed to load homepage content' and the rest of the page still works. The failure is real:
// the table is taken away from a copy of the demo database, then a server starts on it.
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { copyDemoData, startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { expect, test } from "../support/fixtures";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });

let server: Server | undefined;
test.afterAll(async () => {
  if (server) await stop(server);
});

test("a failure to load the homepage sections shows the 'Error' toast and the page still works", async ({ page }) => {
  test.setTimeout(180_000);
  const dataDir = join(runTempDir("atelier-home-failure-"), "data");
  copyDemoData(dataDir);
  const database = await PGlite.create(join(dataDir, "pgdata"));
  await database.exec("alter table homepage_sections rename to homepage_sections_unreachable");
  await database.close();

  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn" });
  await waitHealthy(server);
  // The browser sees only the toast; the server logs the database error.
  await page.goto(`${server.url}/`);
  const toast = page.getByRole("listitem").filter({ hasText: "Failed to load homepage content" });
  await expect(toast).toBeVisible();
  await expect(toast.getByText("Error", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Inspiration" })).toBeVisible();
  await page.getByRole("navigation").first().getByRole("link", { name: "Gallery" }).click();
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(server.output()).toContain("failed to load homepage sections");
});
