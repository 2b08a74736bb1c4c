// The production build: rebuilt when stale, by the same source stamp as scripts/start.mjs (so `npm start`
// after a bench does not build again), or always and timed when the startup scenario reports build time.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { ENTRY, ROOT } from "./server.mjs";

// Keep in step with scripts/start.mjs.
const SOURCES = ["app", "server", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];
const STAMP_FILE = join(ROOT, "build", ".source-stamp");

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name.startsWith(".") || name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const sourceStamp = () => String(Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))));

export function buildIsCurrent() {
  return existsSync(ENTRY) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceStamp();
}

/** Runs `npm run build` and returns its wall time in ms; throws when it fails. */
export function build() {
  const stamp = sourceStamp();
  const started = performance.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`npm run build failed (${result.signal ?? result.status})`);
  writeFileSync(STAMP_FILE, stamp);
  return elapsed;
}
