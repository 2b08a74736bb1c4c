// `npm test`: typecheck, lint, unit + integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// a production build, then end-to-end tests in Chromium. Stops at the first failing step.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";

const steps = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
  [
    "unit and integration",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  ],
  ["build", "npm", ["run", "--silent", "build"]],
  ["chromium", "node", ["scripts/ensure-chromium.mjs"]],
  ["end to end", "npx", ["playwright", "test"]],
];

rmSync("reports", { recursive: true, force: true });
const started = Date.now();
for (const [name, command, args] of steps) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ ${name}\n`);
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  process.stdout.write(
    `◀ ${name}: ${result.status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  if (result.status !== 0) {
    summary();
    process.exit(result.status ?? 1);
  }
}
summary();
process.stdout.write(`all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

function summary() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync("reports/vitest.json")) {
    const v = JSON.parse(readFileSync("reports/vitest.json", "utf8"));
    passed += v.numPassedTests;
    failed += v.numFailedTests;
    skipped += v.numPendingTests + v.numTodoTests;
  }
  if (existsSync("reports/e2e.json")) {
    const e = JSON.parse(readFileSync("reports/e2e.json", "utf8")).stats;
    passed += e.expected + e.flaky;
    failed += e.unexpected;
    skipped += e.skipped;
  }
  process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
}
