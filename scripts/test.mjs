// `npm test`: typecheck, lint, unit + integration tests (PGlite, and PostgreSQL when TEST_DATABASE_URL is set),
// a production build, then end-to-end tests in Chromium. Stops at the first failing step.
//
// Two phases on a small machine (docs/testing.md): first what the end-to-end run waits for, as two tracks side
// by side ([typecheck, lint] beside [build, the end-to-end run's demo data]); then Playwright beside Vitest. A
// track's output is printed whole when it ends (a failing one first); the first failure ends the others.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { clearInterval, setInterval } from "node:timers";
import { claimPort } from "./lib/e2e-port.mjs";
import { signalGroup } from "./lib/processes.mjs";
import { endLeftovers } from "./lib/run-leftovers.mjs";
import { TEST_NODE_ARGS } from "./lib/test-node.mjs";

const runDir = mkdtempSync(join(tmpdir(), "atelier-e2e-run-"));
// The servers and databases each step's tests make are recorded here (scripts/lib/run-leftovers.mjs): a step's
// own teardown ends them, and this runner does when it is interrupted and the steps' teardowns may not run.
const leftovers = join(runDir, "leftovers");
const e2eEnv = {
  ...process.env,
  ATELIER_TEST_REGISTRY: join(leftovers, "end-to-end"),
  // Playwright's config takes the run's folder and the demo data template from here (playwright.config.ts).
  ATELIER_TEST_RUN_DIR: runDir,
  E2E_TEMPLATE_DIR: join(runDir, "demo-template"),
  E2E_DATA_DIR: join(runDir, "shared"),
};

const vitestEnv = {
  ...process.env,
  TMPDIR: join(runDir, "vitest-tmp"),
  ATELIER_TEST_REGISTRY: join(leftovers, "vitest"),
};
mkdirSync(vitestEnv.TMPDIR);

const checkTrack = [
  ["typecheck", "npm", ["run", "--silent", "typecheck"]],
  ["lint", "npm", ["run", "--silent", "lint"]],
];
const buildTrack = [
  ["build", "npm", ["run", "--silent", "build"]],
  [
    "end-to-end demo data",
    "node",
    [...TEST_NODE_ARGS, "--import", "tsx", "tests/support/demo-template.ts", e2eEnv.E2E_TEMPLATE_DIR],
  ],
];
const vitestTrack = [
  [
    "unit and integration",
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", "--outputFile.json=reports/vitest.json"],
  ],
];

rmSync("reports", { recursive: true, force: true });
const started = Date.now();
const running = new Set();
let failed = false;

/** Runs one step in its own process group, its output into `log`; resolves with its exit status. */
function run(command, args, log) {
  return new Promise((resolve) => {
    // Only the end-to-end steps see the run's folder (an integration test must not find a half-made template).
    // Vitest's temp folders (its PGlite dumps, the tests' DATA_DIRs) go inside the run's folder too: ended by
    // another step's failure, Vitest runs no teardown, and the folder's removal below still takes them.
    const env = args.some((a) => /demo-template|playwright/.test(a))
      ? e2eEnv
      : args.includes("vitest")
        ? vitestEnv
        : process.env;
    const child = spawn(command, args, { env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    running.add(child);
    child.stdout.pipe(log, { end: false });
    child.stderr.pipe(log, { end: false });
    child.on("close", (code, signal) => {
      running.delete(child);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function stopAll() {
  for (const child of running) signalGroup(child.pid, "SIGTERM");
}

async function runTrack(steps, name) {
  const path = join(runDir, `track-${name}.log`);
  const log = createWriteStream(path);
  const lines = [];
  for (const [name, command, args] of steps) {
    if (failed) break;
    const t0 = Date.now();
    log.write(`\n▶ ${name}\n`);
    const status = await run(command, args, log);
    const line = `◀ ${name}: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`;
    log.write(line);
    lines.push(line);
    if (status !== 0) {
      // The first failure is the one to read: the others are ended and their output is only a consequence.
      const first = !failed;
      failed = true;
      stopAll();
      await new Promise((r) => log.end(r));
      if (first) process.stdout.write(readFileSync(path, "utf8"));
      return false;
    }
  }
  await new Promise((r) => log.end(r));
  if (!failed) process.stdout.write(readFileSync(path, "utf8"));
  return !failed;
}

/**
 * Ctrl+C or a SIGTERM to the runner: its steps are stopped (SIGKILL for a step still running 15 s later), then
 * whatever their tests made and their own teardowns did not end (servers, databases) goes, then the run's folder.
 */
let interruption;
function interrupt() {
  failed = true;
  stopAll();
  const settled = new Promise((resolve) => {
    const deadline = Date.now() + 15_000;
    const poll = setInterval(() => {
      if (running.size > 0 && Date.now() < deadline) return;
      clearInterval(poll);
      for (const child of running) signalGroup(child.pid, "SIGKILL");
      resolve();
    }, 100);
  });
  return settled.then(async () => {
    await endAllLeftovers();
    removeRunDir();
    releasePort();
    process.exit(130);
  });
}

/**
 * What the steps' tests made and their teardowns did not end: nothing after a run that passed; after a step was
 * stopped (interrupted, or another step failed), its teardown may not have run.
 */
async function endAllLeftovers() {
  for (const registry of existsSync(leftovers) ? readdirSync(leftovers) : []) {
    const ended = await endLeftovers(join(leftovers, registry)).catch(() => ({ processes: 0, databases: 0 }));
    if (ended.processes + ended.databases > 0)
      process.stdout.write(
        `ended ${ended.processes} process(es), dropped ${ended.databases} database(s) of ${registry}\n`,
      );
  }
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => (interruption ??= interrupt()));

/**
 * The shared end-to-end server's port: E2E_PORT when set, else 3210 claimed for this run, else (another
 * checkout's `npm test` holds it) any free port, so two runs on one machine do not fail on each other
 * (scripts/lib/e2e-port.mjs). Chosen just before Playwright starts.
 */
let releasePort = () => {};
async function e2ePort() {
  if (process.env.E2E_PORT) return process.env.E2E_PORT;
  const claim = await claimPort(3210);
  releasePort = claim.release;
  return claim.port;
}

const checks = runTrack(checkTrack, "checks");
const built = runTrack(buildTrack, "build");
// Vitest starts with Playwright, once typecheck, lint, the build and its demo data have passed: in the first
// phase it took a core from the steps the end-to-end run waits for; beside that run it fills the time the run
// waits on servers and pages (docs/testing.md).
const prepared = Promise.all([checks, built]).then((done) => done.every(Boolean) && !failed);
const unit = prepared.then((ok) => ok && runTrack(vitestTrack, "vitest"));
if (await prepared) {
  const t0 = Date.now();
  process.stdout.write(`\n▶ end to end\n`);
  const chromium = await run("node", ["scripts/ensure-chromium.mjs"], process.stdout);
  e2eEnv.E2E_PORT = await e2ePort();
  const status = chromium === 0 && !failed ? await run("npx", ["playwright", "test"], process.stdout) : chromium;
  process.stdout.write(
    `◀ end to end: ${status === 0 ? "ok" : "FAILED"} in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`,
  );
  releasePort();
  if (status !== 0 && !failed) {
    failed = true;
    stopAll();
  }
}
await unit;
// Interrupted: the interruption's clean-up ends the process once it is done.
if (interruption) await new Promise(() => {});
await endAllLeftovers();
removeRunDir();
summary();
if (failed) process.exit(1);
process.stdout.write(`all steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s\n`);

/** A server a failed step's stop ended may still be writing in its DATA_DIR: retried, and never fatal. */
function removeRunDir() {
  try {
    rmSync(runDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  } catch (error) {
    process.stdout.write(`could not remove ${runDir}: ${error.message}\n`);
  }
}

function summary() {
  let passed = 0;
  let failedTests = 0;
  let skipped = 0;
  if (existsSync("reports/vitest.json")) {
    const v = JSON.parse(readFileSync("reports/vitest.json", "utf8"));
    passed += v.numPassedTests;
    failedTests += v.numFailedTests;
    skipped += v.numPendingTests + v.numTodoTests;
  }
  if (existsSync("reports/e2e.json")) {
    const e = JSON.parse(readFileSync("reports/e2e.json", "utf8")).stats;
    passed += e.expected + e.flaky;
    failedTests += e.unexpected;
    skipped += e.skipped;
  }
  process.stdout.write(`\n${passed} passed, ${failedTests} failed, ${skipped} skipped\n`);
}
