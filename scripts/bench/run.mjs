// `npm run bench [-- --only=startup,http] [--quick] [--runs=N]`: performance benchmarks of the production
// build. Each scenario starts its own server(s) on a fresh temp DATA_DIR; every figure is printed as a table
// and written to bench-results/<timestamp>.json. See docs/benchmarks.md.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, totalmem } from "node:os";
import { join, relative, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { build, buildIsCurrent } from "./lib/build.mjs";
import { demoTemplateFacts } from "./lib/demo.mjs";
import { log, printTable, sec } from "./lib/format.mjs";
import { cleanupAll, PORT, ROOT } from "./lib/server.mjs";
import { round } from "./lib/stats.mjs";
import { authScenario } from "./scenarios/auth.mjs";
import { burstScenario } from "./scenarios/burst.mjs";
import { bundleScenario } from "./scenarios/bundle.mjs";
import { checkoutScenario } from "./scenarios/checkout.mjs";
import { hostileScenario } from "./scenarios/hostile.mjs";
import { httpLoad } from "./scenarios/http.mjs";
import { importScenario } from "./scenarios/import.mjs";
import { install } from "./scenarios/install.mjs";
import { BUDGETS, lighthouseScenario } from "./scenarios/lighthouse.mjs";
import { memoryScenario } from "./scenarios/memory.mjs";
import { scale } from "./scenarios/scale.mjs";
import { sideBySide } from "./scenarios/side-by-side.mjs";
import { startup } from "./scenarios/startup.mjs";

const SCENARIOS = [
  "startup",
  "install",
  "lighthouse",
  "http",
  "memory",
  "side-by-side",
  "burst",
  "scale",
  "auth",
  "checkout",
  "import",
  "bundle",
  "hostile",
];
// install needs the registry and a minute: only when asked for by name.
const DEFAULT_SCENARIOS = SCENARIOS.filter((s) => s !== "install");

const USAGE = `usage: npm run bench [-- --only=${SCENARIOS.join(",")}] [--quick] [--runs=N]
  --only   scenarios to run (default: all but install, which needs the npm registry)
  --quick  one run each, shorter autocannon rounds (a smoke test, not figures to quote)
  --runs   repeats for startup, lighthouse and http (default 3; medians are reported)
  --before another build folder (an earlier commit's \`build\`, copied inside this checkout so that it finds its
           packages, e.g. node_modules/.cache/atelier-before): side-by-side renders with it too, beside this build,
           and lighthouse measures its pages too, each right after this build's
env: BENCH_DATABASE_URL (or TEST_DATABASE_URL) adds PostgreSQL to scale and import; BENCH_PORT (default 3274); CHROME_PATH (default /usr/bin/chromium)`;

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      quick: { type: "boolean", default: false },
      runs: { type: "string" },
      before: { type: "string" },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    process.exit(0);
  }
  const only = values.only
    ? values.only
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    : DEFAULT_SCENARIOS;
  const unknown = only.filter((s) => !SCENARIOS.includes(s));
  if (unknown.length) {
    process.stderr.write(`bench: unknown scenario ${unknown.join(", ")}\n${USAGE}\n`);
    process.exit(2);
  }
  const runs = values.runs ? Number(values.runs) : values.quick ? 1 : 3;
  if (!Number.isInteger(runs) || runs < 1) {
    process.stderr.write(`bench: --runs must be a positive integer\n`);
    process.exit(2);
  }
  const before = values.before ? resolve(values.before) : undefined;
  if (before && !existsSync(join(before, "server", "index.js"))) {
    process.stderr.write(`bench: --before=${values.before} holds no server/index.js\n`);
    process.exit(2);
  }
  return { selected: new Set(only), quick: values.quick, runs, before };
}

function git(...args) {
  try {
    return execFileSync("git", args, { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return undefined;
  }
}

function machine() {
  const list = cpus();
  return {
    cpus: list.length,
    cpuModel: list[0]?.model,
    memoryBytes: totalmem(),
    kernel: release(),
    node: process.version,
    loadAverageAtStart: loadavg().map((v) => round(v, 2)),
    notes:
      "CPU cores shared with other engineers' tests; the load generators (autocannon, Lighthouse + Chromium) run on the same machine as the server, so figures are relative, not absolute.",
  };
}

/** One line per budget across scenarios, so a run ends with what passed and what did not. */
function printBudgets(results) {
  const rows = [];
  for (const [name, page] of Object.entries(results.lighthouse?.pages ?? {})) {
    for (const [key, ok] of Object.entries(page.budgets))
      rows.push([`lighthouse ${name}`, BUDGETS[key].label, ok ? "PASS" : "FAIL"]);
  }
  for (const [backend, r] of Object.entries(results.scale?.backends ?? {})) {
    rows.push([`scale ${backend}`, "/gallery median < 50 ms", r.budgets.galleryMedianUnder50ms ? "PASS" : "FAIL"]);
    rows.push([
      `scale ${backend}`,
      "/gallery?q=blue median < 50 ms",
      r.budgets.searchMedianUnder50ms ? "PASS" : "FAIL",
    ]);
  }
  if (rows.length) printTable("budgets", ["scenario", "budget", "result"], rows);
}

async function main() {
  const { selected, quick, runs, before } = options();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const outDir = join(ROOT, "bench-results");
  const outFile = join(outDir, `${stamp}.json`);
  mkdirSync(outDir, { recursive: true });
  const saveArtifact = (name, value) => {
    const dir = join(outDir, `${stamp}-artifacts`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, name), JSON.stringify(value));
    return relative(ROOT, join(dir, name));
  };
  const report = {
    startedAt: new Date().toISOString(),
    commit: git("rev-parse", "HEAD"),
    dirty: Boolean(git("status", "--porcelain")),
    options: { scenarios: SCENARIOS.filter((s) => selected.has(s)), quick, runs, port: PORT },
    machine: machine(),
    results: {},
    errors: {},
  };
  const save = () => writeFileSync(outFile, `${JSON.stringify(report, null, 2)}\n`);
  log(
    `scenarios: ${report.options.scenarios.join(", ")} (${runs} run(s) each${quick ? ", quick" : ""}); server port ${PORT}`,
  );

  let buildMs;
  if (selected.has("startup")) {
    log("building (timed, for the startup scenario)…");
    buildMs = build();
  } else if (!buildIsCurrent()) {
    log("building (build/ is missing or older than the sources)…");
    build();
  } else {
    log("build/ is up to date");
  }

  // Even --quick needs a few seconds: 50 connections queue behind each other before the first answers.
  const durationS = quick ? 5 : 10;
  const sequentialCount = quick ? 20 : 50;
  const scenarios = {
    startup: () => startup({ runs, buildMs }),
    install: () => install(),
    lighthouse: () => lighthouseScenario({ runs, saveArtifact, before }),
    http: () => httpLoad({ runs, durationS, sequentialCount }),
    memory: () => memoryScenario({ httpResult: report.results.http, durationS, sequentialCount }),
    "side-by-side": () => sideBySide({ runs, durationS, sequentialCount, before }),
    burst: () => burstScenario(),
    scale: () => scale({ durationS: quick ? 3 : 5 }),
    auth: () => authScenario({ count: quick ? 10 : 40, before }),
    checkout: () => checkoutScenario({ count: quick ? 40 : 200 }),
    import: () => importScenario({ runs }),
    bundle: () => bundleScenario(),
    hostile: () => hostileScenario({ before }),
  };
  const started = performance.now();
  for (const name of SCENARIOS) {
    if (!selected.has(name)) continue;
    const t0 = performance.now();
    log(`▶ ${name}`);
    const loadAtStart = loadavg()[0];
    try {
      const result = await scenarios[name]();
      report.results[name] = {
        ...result,
        loadAverage1m: { atStart: round(loadAtStart, 2), atEnd: round(loadavg()[0], 2) },
      };
      log(`◀ ${name} done in ${sec(performance.now() - t0)}`);
    } catch (error) {
      report.errors[name] = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.stderr.write(`bench: ${name} FAILED: ${report.errors[name]}\n`);
    }
    save();
  }
  report.demoTemplate = await demoTemplateFacts();
  report.machine.loadAverageAtEnd = loadavg().map((v) => round(v, 2));
  report.durationMs = round(performance.now() - started, 0);
  save();
  printBudgets(report.results);
  process.stdout.write(`\nresults: ${relative(ROOT, outFile)}\n`);
  return Object.keys(report.errors).length === 0;
}

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`bench: ${signal}: stopping servers and removing temp data…\n`);
    void cleanupAll().finally(() => process.exit(130));
  });
}

const ok = await main().finally(cleanupAll);
// Budgets only report; a scenario that could not run is a failure.
process.exit(ok ? 0 : 1);
