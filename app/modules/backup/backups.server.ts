// The running shop's backups: one made on request (the admin's "Download a backup", `npm run backup` asking
// the server), and a daily one into DATA_DIR/backups keeping the last BACKUP_KEEP (docs/operations.md).
import { createHmac, timingSafeEqual } from "node:crypto";
import { mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { enqueue, type JobHandlers } from "~/modules/jobs/jobs.server";
import { services } from "~/services.server";
import { createBackup, type Manifest } from "./backup.server";

export const BACKUP_EXTENSION = ".atelier-backup";
const DAILY = /^atelier-\d{4}-\d{2}-\d{2}\.atelier-backup$/;

export function backupsDir(): string {
  return join(services().config.dataDir, "backups");
}

/** Makes a backup of this shop now, at `outPath`. */
export function backupNow(outPath: string): Promise<Manifest> {
  const { config, db, storage } = services();
  return createBackup(
    { db, kind: config.databaseUrl ? "postgres" : "pglite", storage, secret: config.authSecret },
    outPath,
  );
}

export interface StoredBackup {
  name: string;
  size: number;
  createdAt: Date;
}

/** The automatic backups on disk, newest first. */
export function listBackups(): StoredBackup[] {
  let names: string[];
  try {
    names = readdirSync(backupsDir());
  } catch {
    return [];
  }
  return names
    .filter((n) => DAILY.test(n))
    .map((name) => {
      const s = statSync(join(backupsDir(), name));
      return { name, size: s.size, createdAt: s.mtime };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** A stored backup's path, when `name` is one (never a path the caller made up). */
export function storedBackupPath(name: string): string | undefined {
  return DAILY.test(name) && listBackups().some((b) => b.name === name) ? join(backupsDir(), name) : undefined;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Queues the day's backup: once per day across processes and restarts (the day is the job's dedupe key, and a
 * day whose backup already ran gets none again).
 */
export async function scheduleDailyBackup(now = new Date()): Promise<void> {
  if (services().config.backupKeep <= 0) return;
  const today = day(now);
  const at = new Date(`${today}T03:00:00Z`);
  const runAt = at.getTime() > now.getTime() ? at : new Date(now.getTime() + 15 * 60_000);
  await enqueue(
    "backup.daily",
    { day: today },
    { dedupeKey: `backup.daily:${today}`, runAt, maxAttempts: 3, once: true },
  );
}

export async function runDailyBackup(now = new Date()): Promise<string> {
  const dir = backupsDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const name = `atelier-${day(now)}${BACKUP_EXTENSION}`;
  await backupNow(join(dir, name));
  for (const old of listBackups().slice(Math.max(services().config.backupKeep, 1)))
    rmSync(join(dir, old.name), { force: true });
  services().logger.info({ backup: name }, "daily backup written");
  // Tomorrow's, at 03:00 UTC.
  const tomorrow = new Date(now.getTime() + 86_400_000);
  await enqueue(
    "backup.daily",
    { day: day(tomorrow) },
    {
      dedupeKey: `backup.daily:${day(tomorrow)}`,
      runAt: new Date(`${day(tomorrow)}T03:00:00Z`),
      maxAttempts: 3,
      once: true,
    },
  );
  return name;
}

/** The background jobs of this module (registered by server/jobs.ts). */
export const backupJobs: JobHandlers = {
  "backup.daily": async () => {
    if (services().config.backupKeep > 0) await runDailyBackup();
  },
};

/** The token `npm run backup` shows the running server: an HMAC of the time with the shop's secret. */
export function backupToken(secret: string, timestamp: number): string {
  return createHmac("sha256", secret).update(`atelier-backup:${timestamp}`).digest("base64url");
}

export function backupTokenValid(secret: string, timestamp: number, token: string, now = Date.now()): boolean {
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > 5 * 60_000) return false;
  const expected = Buffer.from(backupToken(secret, timestamp));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A fresh backup as a download: written to a temporary file first (so its length is known and the browser
 * shows the download's progress), streamed, then removed.
 */
export async function freshBackupDownload(): Promise<{ path: string; size: number; filename: string; remove(): void }> {
  const dir = backupsDir();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const path = join(
    dir,
    `.download-${stamp}-${process.pid}-${Math.random().toString(36).slice(2, 8)}${BACKUP_EXTENSION}`,
  );
  await backupNow(path);
  return {
    path,
    size: statSync(path).size,
    filename: `atelier-${stamp}${BACKUP_EXTENSION}`,
    remove: () => rmSync(path, { force: true }),
  };
}
