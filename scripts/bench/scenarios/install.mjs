// install (opt-in): a cold `npm install` of the locked tree into an empty folder with an empty npm cache.
// Needs the npm registry and takes a minute or more; run it with --only=install.
import { spawnSync } from "node:child_process";
import { copyFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { log, mb, printTable, sec } from "../lib/format.mjs";
import { ROOT, tempDir } from "../lib/server.mjs";
import { round } from "../lib/stats.mjs";

function diskUsage(path) {
  const s = statSync(path, { throwIfNoEntry: false });
  if (!s) return 0;
  if (!s.isDirectory()) return s.blocks * 512;
  return readdirSync(path).reduce((n, name) => n + diskUsage(join(path, name)), s.blocks * 512);
}

export async function install() {
  const dir = tempDir("atelier-bench-install-");
  const cache = tempDir("atelier-bench-npm-cache-");
  for (const file of ["package.json", "package-lock.json"]) copyFileSync(join(ROOT, file), join(dir, file));
  log("install: cold npm install (registry, empty cache)…");
  const started = performance.now();
  const result = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--cache", cache], {
    cwd: dir,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const elapsed = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`npm install failed (${result.signal ?? result.status}):\n${result.stderr.slice(-2000)}`);
  const nodeModulesBytes = diskUsage(join(dir, "node_modules"));
  const packages = readdirSync(join(dir, "node_modules")).length;
  const out = { installMs: round(elapsed), nodeModulesBytes, topLevelEntries: packages };
  printTable(
    "install (cold npm install, empty cache, from package-lock.json)",
    ["measure", "value"],
    [
      ["npm install", sec(out.installMs)],
      ["node_modules on disk", mb(nodeModulesBytes)],
    ],
  );
  return out;
}
