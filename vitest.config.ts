import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { TEST_NODE_ARGS } from "./scripts/lib/test-node.mjs";

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "app/**/*.test.tsx",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    globalSetup: ["tests/support/vitest-global-setup.ts"],
    setupFiles: ["tests/support/vitest-setup.ts"],
    // Margins for a loaded machine, not expectations (docs/testing.md): with two suites side by side on a slow
    // machine, tests of 10 s quiet (a restore, a new embedded database) took 50 to 60 s.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One process runs every file in turn, its modules loaded once: a fresh process and module graph per file
    // cost more than the tests themselves (unit files 29 → 10 s, integration files 142 → 80 s on PGlite). Each
    // suite sets up its own services (tests/support/harness.ts), so no state is carried from file to file; a test
    // that needs a module replaced must not use vi.mock (it would reach every later file): break the real part
    // instead, as home-portrait.test.ts renames the table its query reads (docs/testing.md).
    isolate: false,
    // PGlite's WebAssembly on V8's baseline compiler, as in the servers and commands the suite starts
    // (scripts/lib/test-node.mjs).
    execArgv: TEST_NODE_ARGS,
  },
});
