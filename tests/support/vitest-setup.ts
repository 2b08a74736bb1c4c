// Every Vitest test fails when it writes to console.error unexpectedly (as every end-to-end page fails on a
// browser console error): an error the app reports through the console is a bug the test would otherwise
// hide. A test that expects one says so with `allowConsoleError(/pattern/)`.
import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

let logged: string[] = [];
let allowed: RegExp[] = [];

/** Lets the current test write console errors that match (a React warning it provokes on purpose, say). */
export function allowConsoleError(pattern: RegExp): void {
  allowed.push(pattern);
}

beforeEach(() => {
  logged = [];
  allowed = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    logged.push(format(...args));
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const unexpected = logged.filter((line) => !allowed.some((re) => re.test(line)));
  if (unexpected.length > 0)
    throw new Error(
      `console.error was called during the test:\n${unexpected.map((l) => l.slice(0, 2000)).join("\n---\n")}`,
    );
});
