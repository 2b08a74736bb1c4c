// The processes a test run started: one file per process group under the run's folder
// (ATELIER_TEST_RUN_DIR, set once by the runner and inherited by its workers). The global teardown ends every
// group still recorded, so a run that failed, timed out or was interrupted leaves nothing running.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The migrated, empty database made beside the run's demo data template (tests/support/demo-template.ts). */
export const blankTemplateOf = (template: string): string => `${template}-blank`;

/**
 * A new empty folder for a test's data (a server's DATA_DIR, a backup): inside the run's folder, which the run
 * removes at its end (npm test's runner; playwright.config.ts when Playwright runs alone), so a run leaves no
 * databases and pictures behind in the system's temp folder, passed, failed or interrupted.
 */
export function runTempDir(prefix: string): string {
  const run = process.env.ATELIER_TEST_RUN_DIR;
  const parent = run ? join(run, "tmp") : tmpdir();
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, prefix));
}

function registry(): string | undefined {
  const dir = process.env.ATELIER_TEST_RUN_DIR;
  if (!dir) return undefined;
  mkdirSync(join(dir, "children"), { recursive: true });
  return join(dir, "children");
}

export function recordChild(pid: number): void {
  const dir = registry();
  if (dir) writeFileSync(join(dir, String(pid)), "");
}

export function forgetChild(pid: number): void {
  const dir = registry();
  if (dir) rmSync(join(dir, String(pid)), { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Ends every recorded process group (SIGTERM, then SIGKILL after a grace period); returns how many were left. */
export async function endRecordedChildren(graceMs = 5_000): Promise<number> {
  const dir = registry();
  if (!dir) return 0;
  const pids = readdirSync(dir)
    .map(Number)
    .filter((pid) => Number.isInteger(pid) && pid > 1);
  const left = pids.filter(alive);
  for (const pid of left) signalGroup(pid, "SIGTERM");
  const deadline = Date.now() + graceMs;
  while (left.some(alive) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const pid of left) signalGroup(pid, "SIGKILL");
  for (const pid of pids) rmSync(join(dir, String(pid)), { force: true });
  return left.length;
}

function signalGroup(pid: number, signal: NodeJS.Signals) {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}
