// The production build: rebuilt when stale, by the same source stamp as scripts/start.mjs (so `npm start`
// after a bench does not build again), or always and timed when the startup scenario reports build time.
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import { buildIsCurrent, ROOT, sourceStamp, writeStamp } from "../../lib/build-stamp.mjs";

export { buildIsCurrent };

/** Runs `npm run build` and returns its wall time in ms; throws when it fails. */
export function build() {
  const stamp = sourceStamp();
  const started = performance.now();
  const result = spawnSync("npm", ["run", "--silent", "build"], { cwd: ROOT, stdio: ["ignore", "ignore", "inherit"] });
  const elapsed = performance.now() - started;
  if (result.status !== 0) throw new Error(`npm run build failed (${result.signal ?? result.status})`);
  writeStamp(stamp);
  return elapsed;
}
