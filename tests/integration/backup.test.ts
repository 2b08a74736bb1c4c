// Backup and restore on real databases (issue 13 items 1-2): a shop with works, images, orders and an
// invoice is archived while it is open, restored into an empty place of the same or the other kind, and every
// table's row count and digest and every original's hash compared. Damaged archives and non-empty targets are
// refused with a plain message.
import { createHash } from "node:crypto";
import { readFileSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appMigrationCount,
  BackupError,
  checkArchive,
  createBackup,
  openArchive,
  restoreBackup,
  schemaSql,
} from "~/modules/backup/backup.server";
import { summarizeDatabase, summarizeWithin } from "~/modules/backup/dump.server";
import { listBackups, runDailyBackup, scheduleDailyBackup, storedBackupPath } from "~/modules/backup/backups.server";
import { ingestImage } from "~/modules/media/media.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import * as checkoutRoute from "~/routes/shop/checkout";
import { services } from "~/services.server";
import { BACKENDS, emptyDatabase, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { callRoute, checkoutForm, seedShopSettings, seedWork } from "../support/shop-data";

/** SQL scripts as `runScripts` takes them. */
async function* scripts(...texts: string[]): AsyncGenerator<string> {
  for (const text of texts) yield await Promise.resolve(text);
}

describe.each(BACKENDS)("backup and restore on %s", (backend) => {
  const ctx = useTestServices(backend);
  let archive: string;
  beforeAll(async () => {
    await seedShopSettings();
    const image = await ingestImage(await solidPicture(320, 240, "#7a5"), undefined, { originalName: "field.jpg" });
    const work = await seedWork({ title: "Field Notes", priceCents: 120_000 });
    await ctx.handle.db.execute(sql`update artworks set main_image_id = ${image.id} where id = ${work}`);
    await seedWork({ title: "Quote ' and \\ back\\slash\nnew line", priceCents: 90_000 });
    // Text in many scripts, long enough that the dump's compressed chunks end inside a character somewhere.
    const glyphs = await seedWork({ title: "Été à Kyōto 🎨", priceCents: 80_000 });
    await ctx.handle.db.execute(
      sql`update artworks set description = ${"Ölfarbe, 油彩, peinture à l’huile 🎨🖌️ ".repeat(6_000)} where id = ${glyphs}`,
    );
    const answer = await callRoute(checkoutRoute.action, "/checkout", { form: checkoutForm([{ id: work }]) });
    expect(answer.status).toBe(303);
    archive = join(ctx.dataDir, "shop.atelier-backup");
    await createBackup(
      { db: ctx.handle.db, kind: ctx.handle.kind, storage: services().storage, secret: "s".repeat(40) },
      archive,
    );
  });

  it("restores into an empty database the same rows, digests and originals, and numbering continues", async () => {
    const source = await summarizeDatabase(ctx.handle.db);
    expect(source.find((t) => t.name === "orders")?.rows).toBe(1);
    const target = await emptyDatabase(backend);
    try {
      const storage = new LocalDiskStorage(join(target.dataDir, "media"));
      const opened = await openArchive(archive);
      expect(opened.manifest.media).toHaveLength(1);
      const result = await restoreBackup(opened, { handle: target.handle, storage });
      expect(result.media).toBe(1);
      expect(await summarizeDatabase(target.handle.db)).toEqual(source);
      const original = opened.manifest.media[0]!;
      const copy = await storage.get(original.key);
      const chunks: Buffer[] = [];
      for await (const chunk of copy!.body as AsyncIterable<Buffer>) chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(original.sha256);
      // Sequences continue where the source stopped (no duplicate ids or numbers on the next insert).
      const seqs = await target.handle.db.execute(
        sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
      );
      const sourceSeqs = await ctx.handle.db.execute(
        sql`select sequencename, last_value from pg_sequences where schemaname = 'public' order by 1`,
      );
      expect((seqs as { rows: unknown[] }).rows).toEqual((sourceSeqs as { rows: unknown[] }).rows);

      // A second restore into the now full target is refused, unless forced.
      await expect(restoreBackup(opened, { handle: target.handle, storage })).rejects.toThrow(
        /The target database is not empty.*--force/,
      );
      await restoreBackup(opened, { handle: target.handle, storage, force: true });
      expect(await summarizeDatabase(target.handle.db)).toEqual(source);
    } finally {
      await target.close();
    }
  });

  it("gives the same digests whatever the session's time zone", async () => {
    const source = await summarizeDatabase(ctx.handle.db);
    let seen: Awaited<ReturnType<typeof summarizeWithin>> = [];
    await ctx.handle.runScripts(
      scripts("SET LOCAL TimeZone = 'Pacific/Chatham'; SET LOCAL DateStyle = 'SQL, DMY';"),
      async (tx) => {
        seen = await summarizeWithin(tx);
      },
    );
    expect(seen).toEqual(source);
  });

  it("a restore whose data does not match the manifest changes nothing: no rows, no originals, old data kept", async () => {
    const tampered = await openArchive(archive);
    tampered.manifest.tables.find((t) => t.name === "artworks")!.sha256 = "0".repeat(64);
    const target = await emptyDatabase(backend);
    try {
      const storage = new LocalDiskStorage(join(target.dataDir, "media"));
      await expect(restoreBackup(tampered, { handle: target.handle, storage })).rejects.toThrow(
        /differs from the backup in artworks.*nothing was changed/,
      );
      expect(await storage.exists(tampered.manifest.media[0]!.key)).toBe(false);
      const tables = await target.handle.db.execute(
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      expect((tables as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

      // Over a shop that holds data, --force with a bad archive keeps the shop as it was.
      await restoreBackup(await openArchive(archive), { handle: target.handle, storage });
      const before = await summarizeDatabase(target.handle.db);
      await expect(restoreBackup(tampered, { handle: target.handle, storage, force: true })).rejects.toThrow(
        BackupError,
      );
      expect(await summarizeDatabase(target.handle.db)).toEqual(before);
      expect(await storage.exists(tampered.manifest.media[0]!.key)).toBe(true);
    } finally {
      await target.close();
    }
  });

  it("a backup made by an older version restores as it was made, then is migrated to this version", async () => {
    const older = await emptyDatabase(backend);
    const target = await emptyDatabase(backend);
    try {
      const count = appMigrationCount() - 1;
      await older.handle.runScripts(scripts(schemaSql(count)));
      await older.handle.db.execute(
        sql`insert into newsletter_subscribers (email, source) values ('old@example.com', 'footer')`,
      );
      const file = join(older.dataDir, "older.atelier-backup");
      const made = await createBackup(
        { db: older.handle.db, kind: older.handle.kind, storage: new LocalDiskStorage(join(older.dataDir, "m")) },
        file,
      );
      expect(made.migrations).toBe(count);
      await restoreBackup(await openArchive(file), {
        handle: target.handle,
        storage: new LocalDiskStorage(join(target.dataDir, "media")),
      });
      const migrated = await target.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((migrated as { rows: { n: number }[] }).rows[0]!.n).toBe(appMigrationCount());
      const kept = await target.handle.db.execute(sql`select email from newsletter_subscribers`);
      expect((kept as { rows: { email: string }[] }).rows).toEqual([{ email: "old@example.com" }]);
    } finally {
      await older.close();
      await target.close();
    }
  });

  it("schema.sql makes a database the app opens as its own: the migrations are recorded, none runs again", async () => {
    const target = await emptyDatabase(backend);
    try {
      await target.handle.runScripts(scripts(schemaSql()));
      await target.handle.migrate();
      const migrated = await target.handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
      expect((migrated as { rows: { n: number }[] }).rows[0]!.n).toBe(appMigrationCount());
    } finally {
      await target.close();
    }
  });

  it("refuses a damaged or truncated archive with a plain message, and restores nothing", async () => {
    const bytes = readFileSync(archive);
    const cut = join(ctx.dataDir, "cut.atelier-backup");
    writeFileSync(cut, bytes);
    truncateSync(cut, Math.floor(bytes.length / 2));
    await expect(openArchive(cut)).rejects.toThrow(BackupError);
    const garbage = join(ctx.dataDir, "garbage.atelier-backup");
    writeFileSync(garbage, Buffer.alloc(4096, 7));
    await expect(openArchive(garbage)).rejects.toThrow(/not a complete Atelier backup/);
    await expect(openArchive(join(ctx.dataDir, "nope"))).rejects.toThrow(/No such file/);
    // An original damaged inside a complete archive is found by --check before anything is restored.
    expect((await checkArchive(await openArchive(archive))).media).toBe(1);
    const opened = await openArchive(archive);
    const entry = opened.entries.get(`media/${opened.manifest.media[0]!.key}`)!;
    const flipped = Buffer.from(bytes);
    flipped[entry.offset + 10] = flipped[entry.offset + 10]! ^ 0xff;
    const damaged = join(ctx.dataDir, "damaged.atelier-backup");
    writeFileSync(damaged, flipped);
    await expect(checkArchive(await openArchive(damaged))).rejects.toThrow(/is damaged/);
  });
});

describe("daily backups", () => {
  const ctx = useTestServices("pglite", { BACKUP_KEEP: "2" });

  it("writes one backup a day into DATA_DIR/backups, keeps the last BACKUP_KEEP, and queues the next once", async () => {
    for (const date of ["2026-11-01", "2026-11-02", "2026-11-03"]) await runDailyBackup(new Date(`${date}T03:00:00Z`));
    expect(listBackups().map((b) => b.name)).toEqual([
      "atelier-2026-11-03.atelier-backup",
      "atelier-2026-11-02.atelier-backup",
    ]);
    const kept = await openArchive(join(ctx.dataDir, "backups", "atelier-2026-11-03.atelier-backup"));
    expect(kept.manifest.tables.length).toBeGreaterThan(10);
    // Scheduling twice on one day (two processes starting) queues one job.
    await scheduleDailyBackup(new Date("2026-11-04T01:00:00Z"));
    await scheduleDailyBackup(new Date("2026-11-04T01:30:00Z"));
    const queued = await ctx.handle.db.execute(
      sql`select payload->>'day' as day, run_at from jobs where kind = 'backup.daily' and done_at is null order by 1`,
    );
    expect((queued as { rows: { day: string }[] }).rows.map((r) => r.day)).toEqual([
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
    ]);
    // Once a day's backup is done, starting again that day queues no second one.
    await ctx.handle.db.execute(sql`update jobs set done_at = now() where kind = 'backup.daily'`);
    await scheduleDailyBackup(new Date("2026-11-04T05:00:00Z"));
    const again = await ctx.handle.db.execute(
      sql`select count(*)::int as n from jobs where kind = 'backup.daily' and done_at is null and payload->>'day' = '2026-11-04'`,
    );
    expect((again as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    expect(storedBackupPath("../secrets/auth-secret")).toBeUndefined();
    expect(storedBackupPath("atelier-2026-11-01.atelier-backup")).toBeUndefined();
    expect(storedBackupPath("atelier-2026-11-03.atelier-backup")).toBe(
      join(ctx.dataDir, "backups", "atelier-2026-11-03.atelier-backup"),
    );
  });
});
