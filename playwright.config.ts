// End-to-end tests in Debian's Chromium against the production build, on a fresh DATA_DIR with demo content.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, HEADLESS_SHELL } from "./scripts/chromium.mjs";
import { sharedServer } from "./tests/support/shared-server";

const port = Number(process.env.E2E_PORT ?? 3210);
// Set once in the runner process; workers inherit them. The run's folder holds the registry of the servers
// and databases tests make (ended by the global teardown), the demo data template and the shared server's data.
if (!process.env.ATELIER_TEST_RUN_DIR) {
  const runDir = mkdtempSync(join(tmpdir(), "atelier-e2e-run-"));
  process.env.ATELIER_TEST_RUN_DIR = runDir;
  // Playwright run on its own: the folder (the shared server's data, the tests' DATA_DIRs) goes when it exits,
  // as npm test removes the one it makes.
  process.on("exit", () => rmSync(runDir, { recursive: true, force: true, maxRetries: 3 }));
}
// The registry of the servers and databases the run's tests make (scripts/lib/run-leftovers.mjs).
process.env.ATELIER_TEST_REGISTRY ??= join(process.env.ATELIER_TEST_RUN_DIR, "leftovers");
process.env.E2E_TEMPLATE_DIR ??= join(process.env.ATELIER_TEST_RUN_DIR, "demo-template");
process.env.E2E_DATA_DIR ??= join(process.env.ATELIER_TEST_RUN_DIR, "shared");
const shared = sharedServer(port, process.env.E2E_TEMPLATE_DIR, process.env.E2E_DATA_DIR);

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Margins for a loaded two-core machine (docs/testing.md, Timeouts), not expectations.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // No trace by default: recording one for every test took a third of the run's time (docs/testing.md,
    // decision 0027). A failure keeps a screenshot and Playwright's error-context.md (the page's ARIA snapshot);
    // `npx playwright test <spec> --trace retain-on-failure` records traces when a failure needs one.
    trace: "off",
    screenshot: "only-on-failure",
    // Debian's chromium-headless-shell (scripts/ensure-chromium.mjs): the suite took 30 % less time with it than
    // with the full browser on a two-core machine (docs/testing.md). CHROMIUM_PATH=/usr/bin/chromium for --headed.
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? HEADLESS_SHELL, args: CHROMIUM_ARGS },
  },
  projects: [
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      testIgnore: /mobile\.spec\.ts/,
    },
    {
      name: "mobile",
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  globalTeardown: "./tests/support/global-teardown.ts",
  webServer: {
    ...shared,
    url: `http://127.0.0.1:${port}/healthz`,
    // About 40 s on a quiet machine (the image variants); three times that and more on a loaded one.
    timeout: 300_000,
    reuseExistingServer: false,
    // A graceful stop at the end of the run, as in production (SIGTERM drains and closes the database).
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
