// Shared fixtures: every page fails its test on a console error or an uncaught exception.
import { test as base, expect } from "@playwright/test";

/** Console messages a test may expect (the spec's logged 404, for one). */
const ALLOWED = [
  /404 Error: User attempted to access non-existent route/,
  /Failed to load resource: the server responded with a status of 404/,
];

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error" && !ALLOWED.some((re) => re.test(message.text()))) errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      await use(errors);
      expect(errors, "console errors on the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
