// The run's folder (ATELIER_TEST_RUN_DIR, set once by the runner and inherited by its workers): what tests put
// there goes with it. The processes and databases a run makes are recorded in scripts/lib/run-leftovers.mjs.
import { mkdirSync, mkdtempSync } from "node:fs";
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
