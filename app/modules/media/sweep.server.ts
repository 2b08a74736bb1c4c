// The storage sweeper (docs/operations.md "The storage sweeper"): a daily job that removes the files no record
// refers to. An original is stored before the transaction that records it commits (media.server.ts,
// storeOriginal), so a process killed in between, or a request that fails after the write, leaves a file nothing
// lists; so does an import's upload whose row is gone, and a half-written file a crash kept from its place.
// The store is gone through one area at a time (a folder, and the rule saying which of its keys no record refers
// to), a page of files at a time: memory stays bounded however many there are. A file is removed only when it is
// older than the grace period (STORAGE_SWEEP_HOURS, 24 by default: an upload whose transaction still runs is
// never touched) and, looked up again under the sweep lock, still no record's. registerImage holds that lock
// shared while it records a new image (holdOffSweep), so an original an upload found stored is never removed
// between that upload's look and its commit. A store that fails is logged, never thrown.
// Owns no table. Exposes: SweepArea, mediaSweepAreas, sweepStorage, holdOffSweep, underSweepLock, storageSweepJobs,
// scheduleStorageSweep.
import { inArray, or, sql } from "drizzle-orm";
import { db, LOCK_TIMEOUT_MS, LOCKS, queryRows, type Database } from "~/db/client.server";
import { mediaAssets } from "~/db/schema";
import { enqueue, type JobHandlers } from "~/modules/jobs/jobs.server";
import { services } from "~/services.server";
import { isPartialFile, MEDIA_PREFIXES, pastGrace, referenceQuestions, unreferencedMediaKeys } from "./orphans";
import type { StoredEntry } from "./storage.server";

/** A folder of the store the sweeper goes through, and which of its files no record refers to. */
export interface SweepArea {
  /** The folder listed ("originals/"). */
  prefix: string;
  /** Of these keys under the folder, those no record refers to; a key it does not recognise is never one. */
  unreferenced(keys: string[], tx: Database): Promise<string[]>;
}

/** Of the image hashes asked about, those another module's records hold (a certificate's picture). */
export type HashHolder = (hashes: string[], tx: Database) => Promise<Set<string>>;

/**
 * The media folders: an original is kept while an image row records its hash or key, or `holders` its hash; a
 * size, tile or print copy while its image's hash is recorded so.
 */
export function mediaSweepAreas(holders: HashHolder[] = []): SweepArea[] {
  const unreferenced = async (keys: string[], tx: Database) => {
    const { hashes, originalKeys } = referenceQuestions(keys);
    if (hashes.length === 0) return [];
    const byHash = inArray(mediaAssets.hash, hashes);
    const rows = await tx
      .select({ hash: mediaAssets.hash, originalKey: mediaAssets.originalKey })
      .from(mediaAssets)
      .where(originalKeys.length > 0 ? or(byHash, inArray(mediaAssets.originalKey, originalKeys)) : byHash);
    const recorded = {
      hashes: new Set(rows.map((r) => r.hash)),
      originalKeys: new Set(rows.map((r) => r.originalKey)),
    };
    for (const holder of holders) for (const hash of await holder(hashes, tx)) recorded.hashes.add(hash);
    return unreferencedMediaKeys(keys, recorded);
  };
  return MEDIA_PREFIXES.map((prefix) => ({ prefix, unreferenced }));
}

export interface SweepOptions {
  /** How old a file no record refers to must be to go. */
  graceMs: number;
  now?: Date;
  /** Files listed at a time (the store's page). */
  pageSize?: number;
  /** How long a page waits for the sweep lock (an upload recording an image holds it) before leaving its files. */
  lockWaitMs?: number;
}

export interface SweepResult {
  files: number;
  bytes: number;
  /** Files that would have gone but waited for the lock too long: the next run looks at them again. */
  left: number;
  /** Folders a storage (or database) error stopped. */
  failed: string[];
}

/** Goes through every area; logs one line with what it removed, and a warning for each folder it could not finish. */
export async function sweepStorage(areas: SweepArea[], options: SweepOptions): Promise<SweepResult> {
  const { storage, logger } = services();
  const now = options.now ?? new Date();
  const result: SweepResult = { files: 0, bytes: 0, left: 0, failed: [] };
  for (const area of areas) {
    try {
      for await (const page of storage.list(area.prefix, options.pageSize)) {
        const old = page.filter((entry) => pastGrace(entry.lastModified, now, options.graceMs));
        if (old.length === 0) continue;
        const doomed = await unreferencedOf(area, old, db());
        if (doomed.length > 0) await removeUnderLock(area, doomed, result, options.lockWaitMs ?? 30_000);
      }
    } catch (err) {
      result.failed.push(area.prefix);
      logger.warn(
        { err, prefix: area.prefix },
        `storage sweep: could not go through ${area.prefix}; what is left there waits for the next run`,
      );
    }
  }
  logger.info(
    { ...result },
    `storage sweep: removed ${result.files} ${result.files === 1 ? "file" : "files"} no record refers to (${(result.bytes / 1024 / 1024).toFixed(1)} MB)`,
  );
  return result;
}

/** The entries no record refers to: half-written files, and what the area names. */
async function unreferencedOf(area: SweepArea, entries: StoredEntry[], tx: Database): Promise<StoredEntry[]> {
  const whole = entries.filter((entry) => !isPartialFile(entry.key));
  const unreferenced = new Set(
    whole.length > 0
      ? await area.unreferenced(
          whole.map((e) => e.key),
          tx,
        )
      : [],
  );
  return entries.filter((entry) => isPartialFile(entry.key) || unreferenced.has(entry.key));
}

/** Files removed under one hold of the lock: uploads wait for no more than this many deletes. */
const REMOVED_PER_LOCK = 100;

/** Looks the files up again under the sweep lock, and removes those still no record's. */
async function removeUnderLock(area: SweepArea, doomed: StoredEntry[], result: SweepResult, lockWaitMs: number) {
  const { storage } = services();
  for (let i = 0; i < doomed.length; i += REMOVED_PER_LOCK) {
    const batch = doomed.slice(i, i + REMOVED_PER_LOCK);
    const removed = await underSweepLock(lockWaitMs, async (tx) => {
      for (const entry of await unreferencedOf(area, batch, tx)) {
        await storage.delete(entry.key);
        result.files += 1;
        result.bytes += entry.size;
      }
    });
    if (!removed) result.left += batch.length;
  }
}

/**
 * Runs `remove` in a transaction holding the sweep lock, exclusive: an image being recorded meanwhile
 * (registerImage holds the lock shared) has committed and is seen. False, and nothing run, when uploads held the
 * lock longer than `waitMs`: what was to be removed is left to the next sweep.
 */
export function underSweepLock(waitMs: number, remove: (tx: Database) => Promise<void>): Promise<boolean> {
  return db().transaction(async (tx) => {
    if (!(await takeSweepLock(tx, waitMs))) return false;
    await remove(tx);
    return true;
  });
}

/**
 * The sweep lock, exclusive, until the transaction ends; false when uploads held it longer than `waitMs` (the
 * sweep never queues for it: waiting, it would hold every new upload back behind a long import).
 */
async function takeSweepLock(tx: Database, waitMs: number): Promise<boolean> {
  const until = Date.now() + waitMs;
  for (;;) {
    const [row] = await queryRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${LOCKS.storageSweep}) as locked`,
    );
    if (row?.locked) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Keeps the sweeper from removing anything until `tx` ends (the lock, shared: uploads never wait for each other).
 * registerImage takes it before it records a new image, then finds its original still stored, or refuses. On
 * PGlite (one session, whose advisory locks never conflict) the exclusion is its one transaction at a time: the
 * sweep's removals and a new image's record are both transactions.
 */
export async function holdOffSweep(tx: Database): Promise<void> {
  // The sweeper holds the lock for one batch of deletes (REMOVED_PER_LOCK), on a slow object store longer than
  // the database's lock timeout (LOCK_TIMEOUT_MS): the upload waits up to a minute for it, then the transaction
  // goes on with the usual timeout.
  await tx.execute(sql`select set_config('lock_timeout', '60s', true)`);
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${LOCKS.storageSweep})`);
  await tx.execute(sql`select set_config('lock_timeout', ${`${LOCK_TIMEOUT_MS}ms`}, true)`);
}

export const STORAGE_SWEEP_JOB = "storage.sweep";

const day = (date: Date) => date.toISOString().slice(0, 10);

/** Queues the sweep of `date`'s day, once per day across processes and restarts (the day is its dedupe key). */
function queueSweep(date: Date, runAt: Date): Promise<void> {
  return enqueue(
    STORAGE_SWEEP_JOB,
    { day: day(date) },
    { dedupeKey: `${STORAGE_SWEEP_JOB}:${day(date)}`, runAt, maxAttempts: 3, once: true },
  );
}

/** At start: today's sweep at 04:00 UTC (after the daily backup), or in half an hour when that is past. */
export async function scheduleStorageSweep(now = new Date()): Promise<void> {
  if (services().config.storageSweepHours <= 0) return;
  const at = new Date(`${day(now)}T04:00:00Z`);
  await queueSweep(now, at.getTime() > now.getTime() ? at : new Date(now.getTime() + 30 * 60_000));
}

/** The sweep job over `areas` (server/jobs.ts names them): queues tomorrow's first, so a failure skips one day. */
export function storageSweepJobs(areas: SweepArea[]): JobHandlers {
  return {
    [STORAGE_SWEEP_JOB]: async () => {
      const hours = services().config.storageSweepHours;
      if (hours <= 0) return;
      const tomorrow = new Date(Date.now() + 86_400_000);
      await queueSweep(tomorrow, new Date(`${day(tomorrow)}T04:00:00Z`));
      await sweepStorage(areas, { graceMs: hours * 3_600_000 });
    },
  };
}
