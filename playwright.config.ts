// End-to-end tests in Debian's Chromium against the production build, on a fresh DATA_DIR with demo content.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_ADMIN } from "./tests/e2e/support/accounts";

const port = Number(process.env.E2E_PORT ?? 3210);
// Set once in the runner process; workers inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), "atelier-e2e-"));

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/e2e.json" }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
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
  webServer: {
    // An administrator exists from the start (tests/e2e/support/accounts.ts), made the way an operator would.
    command: `node --import tsx scripts/create-admin.ts --email ${E2E_ADMIN.email} --password "${E2E_ADMIN.password}" --name "${E2E_ADMIN.name}" && node build/server/index.js`,
    url: `http://127.0.0.1:${port}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // Every spec signs in from 127.0.0.1: the per-address limits are raised (auth.spec.ts checks the real ones).
      AUTH_RATE_LIMIT_MULTIPLIER: "50",
      // The administrator the admin specs sign in as (tests/e2e/admin-fixtures.ts), provisioned at start.
      ADMIN_EMAIL: "admin@example.com",
      ADMIN_PASSWORD: "atelier-admin-e2e-password",
      ADMIN_NAME: "Mara Ellison",
    },
  },
});
