// After every end-to-end run (passed, failed or interrupted): no server a test started is left running.
import { rmSync } from "node:fs";
import { blankTemplateOf, endRecordedChildren } from "./test-run";

export default async function globalTeardown(): Promise<void> {
  const left = await endRecordedChildren();
  if (left > 0) process.stdout.write(`ended ${left} server(s) a test left running\n`);
  // The template's copies hold everything tests need; the shared server (still running now) keeps its own.
  const template = process.env.E2E_TEMPLATE_DIR;
  if (template) for (const dir of [template, blankTemplateOf(template)]) rmSync(dir, { recursive: true, force: true });
}
