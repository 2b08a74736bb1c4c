// `node --import tsx tests/support/demo-template.ts <template-dir> [<copy-to>...]`: makes the end-to-end run's
// demo data once, as the first start of a real install makes it (boot: migrations, demo seed), and then waits
// until every background job is done (every image variant made). Servers of the run then start from a copy
// (tests/support/spawn-server.ts, `data: "demo"`): in a few seconds, with no image work competing with the
// tests. An existing template is reused; the copies are made after it is complete.
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { blankTemplateOf } from "./test-run";

async function makeTemplate(target: string): Promise<void> {
  const started = Date.now();
  // Loaded only to make the template: the shared server's start, which finds it made, only copies (1.8 s of
  // CPU for the imports saved there, before the end-to-end run's first test).
  const [{ sql }, { queryRows }, { runDueJobs }, { boot }] = await Promise.all([
    import("drizzle-orm"),
    import("~/db/client.server"),
    import("~/modules/jobs/jobs.server"),
    import("../../server/boot"),
  ]);
  const work = mkdtempSync(join(dirname(target), "template-work-"));
  const booted = await boot({
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: work,
    DATABASE_URL: "",
    SEED_DEMO: "true",
    LOG_LEVEL: "warn",
    ADMIN_EMAIL: "",
    ADMIN_PASSWORD: "",
    // No daily backup queued in the template every spec copies.
    BACKUP_KEEP: "0",
  });
  // The worker boot started runs jobs too; this loop only makes sure no due one is left before the copy.
  for (;;) {
    await runDueJobs(100);
    const [left] = await queryRows<{ n: number }>(
      booted.handle.db,
      sql`select count(*)::int as n from jobs where done_at is null and run_at <= now()`,
    );
    if (!left || left.n === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  await booted.stop();
  renameSync(work, target);
  process.stdout.write(`demo data template ready in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}

/**
 * Beside it, a DATA_DIR holding only the migrated database, for the specs' servers that start an empty shop
 * (tests/support/spawn-server.ts, "blank"): the server's first start still does everything else a first start
 * does (the secret, the settings from its own environment, the setup link), only the migrations are done.
 */
async function makeMigratedTemplate(target: string): Promise<void> {
  const { openDatabase } = await import("~/db/client.server");
  const work = mkdtempSync(join(dirname(target), "template-work-"));
  const handle = await openDatabase({ databaseUrl: "", dataDir: work });
  await handle.migrate();
  await handle.close();
  renameSync(work, target);
}

const [target, ...copies] = process.argv.slice(2);
if (!target) {
  process.stderr.write("usage: demo-template.ts <template-dir> [<copy-to>...]\n");
  process.exit(2);
}
if (!existsSync(target)) await makeTemplate(target);
if (!existsSync(blankTemplateOf(target))) await makeMigratedTemplate(blankTemplateOf(target));
for (const copy of copies) {
  rmSync(copy, { recursive: true, force: true });
  cpSync(target, copy, { recursive: true });
}
process.exit(0);
