// After every end-to-end run (passed, failed or interrupted): no server a test started is left running and no
// database a spec created is left on the PostgreSQL server (scripts/lib/run-leftovers.mjs).
import { rmSync } from "node:fs";
import { endLeftovers } from "../../scripts/lib/run-leftovers.mjs";
import { blankTemplateOf } from "./test-run";

export default async function globalTeardown(): Promise<void> {
  const left = await endLeftovers();
  if (left.processes > 0) process.stdout.write(`ended ${left.processes} server(s) a test left running\n`);
  if (left.databases > 0) process.stdout.write(`dropped ${left.databases} database(s) a test left behind\n`);
  // The template's copies hold everything tests need; the shared server (still running now) keeps its own.
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template) for (const dir of [template, blankTemplateOf(template)]) rmSync(dir, { recursive: true, force: true });
}
