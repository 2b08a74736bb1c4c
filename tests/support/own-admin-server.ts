// Admin specs that change the catalogue (uploads, imports, order, featured, availability) run on a server of
// their own: the shared end-to-end server's demo data (28 works, 6 featured, 7 sold) is what the public
// specs count on. One server per worker, on a fresh DATA_DIR with the demo content and an administrator
// provisioned from ADMIN_EMAIL/ADMIN_PASSWORD; each test gets a browser page signed in as that administrator,
// and fails on a console error like every other spec, and a visitor's page on the same server when it asks.
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { startServer, stop, waitHealthy, type Server } from "./spawn-server";
import { ADMIN_SERVER_ENV } from "./accounts";
import { adminContext } from "./admin-fixtures";
import { collectPageErrors, expect, test } from "./fixtures";
import { runTempDir } from "./test-run";

const ALLOWED = [/Failed to load resource: the server responded with a status of 40[04]/];

export const ownServerTest = test.extend<{ adminPage: Page; visitor: Page }, { ownServer: Server }>({
  ownServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
    async ({}, provide) => {
      const server = await startServer(
        {
          DATA_DIR: join(runTempDir("atelier-admin-own-"), "data"),
          LOG_LEVEL: "warn",
          ...ADMIN_SERVER_ENV,
        },
        { data: "demo" },
      );
      await waitHealthy(server);
      await provide(server);
      await stop(server);
    },
    { scope: "worker", timeout: 180_000 },
  ],
  adminPage: async ({ browser, ownServer, expectedConsoleErrors }, provide) => {
    const context = await adminContext(browser, ownServer.url);
    const page = await context.newPage();
    const errors = collectPageErrors(page, [...ALLOWED, ...expectedConsoleErrors]);
    await provide(page);
    await context.close();
    expect(errors, "console errors on the page").toEqual([]);
  },
  /** A page of a visitor who is not signed in, in a browser context of its own on the same server. */
  visitor: async ({ browser, ownServer }, provide) => {
    const page = await browser.newPage({ baseURL: ownServer.url });
    await provide(page);
    await page.context().close();
  },
});

export { expect };
