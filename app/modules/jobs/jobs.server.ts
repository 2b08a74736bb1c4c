// Jobs: durable background work (image variants, mail, reservation expiry) in the jobs table.
// Owns: jobs. Exposes: enqueue, registerJobHandlers, startJobWorker, runDueJobs.
// Modules export their handlers (`mailJobs`, …); server/jobs.ts lists them all and the process registers that
// list once at start (server/boot.ts), so every kind a process can run is named in one place.
import { and, eq, isNull, sql } from "drizzle-orm";
import { db, queryRows, type Database } from "~/db/client.server";
import { jobs } from "~/db/schema";
import { isDatabaseUnavailable, outageReason } from "~/db/unavailable";
import { services } from "~/services.server";

/** A handler gets its payload and a signal that aborts when the process is stopping. */
export type JobHandler = (payload: Record<string, unknown>, signal: AbortSignal) => Promise<void>;
/** A module's jobs by kind ("mail.deliver"). */
export type JobHandlers = Record<string, JobHandler>;
const handlers = new Map<string, JobHandler>();

/** Makes these kinds runnable by this process (a kind registered twice keeps the last handler). */
export function registerJobHandlers(list: JobHandlers): void {
  for (const [kind, handler] of Object.entries(list)) handlers.set(kind, handler);
}

export interface EnqueueOptions {
  dedupeKey?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** Among due jobs the lowest runs first (default 100, JOB_PRIORITY). */
  priority?: number;
  /** With dedupeKey: a job with that key that already ran also makes this a no-op (once ever, not once at a time). */
  once?: boolean;
}

/**
 * What runs first when several jobs are due: a person waits for the first two (a sign-in link, an order's
 * e-mail, a reservation's lapse); mail to a list (a newsletter's batch, a new work's alerts: hundreds at once)
 * goes after them, and nobody waits for image work.
 */
export const JOB_PRIORITY = { mail: 10, shop: 20, listMail: 50, media: 100 } as const;

/** Adds a job; with a dedupeKey, a pending job with the same key makes this a no-op. */
export async function enqueue(
  kind: string,
  payload: Record<string, unknown>,
  options: EnqueueOptions = {},
  tx: Database = db(),
): Promise<void> {
  if (options.once && options.dedupeKey) {
    const [ran] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.dedupeKey, options.dedupeKey)).limit(1);
    if (ran) return;
  }
  await tx
    .insert(jobs)
    .values({
      kind,
      payload,
      dedupeKey: options.dedupeKey ?? null,
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 8,
      priority: options.priority ?? JOB_PRIORITY.media,
    })
    .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.doneAt} is null` });
}

/**
 * The options of a job for a deadline (a hold's lapse, an unpaid order's expiry): it runs then, and the moment is
 * part of its key, `{key}:{milliseconds}`, so a deadline moved later gets a job of its own.
 */
export const atDeadline = (key: string, at: Date) => ({ dedupeKey: `${key}:${at.getTime()}`, runAt: at });

type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

/** Exponential backoff: 5 s, 10 s, 20 s … capped at an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(3_600_000, 5_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * The jobs a person waits for (a sign-in link, an order's e-mail, a reservation's lapse): each process has a lane
 * for them alone beside the one that runs everything, so they never wait for an image job that is running.
 */
export const PERSON_LANE_MAX_PRIORITY = JOB_PRIORITY.shop;

async function claim(maxPriority: number | undefined): Promise<ClaimedJob | undefined> {
  const rows = await queryRows<ClaimedJob>(
    db(),
    sql`
    update jobs set attempts = attempts + 1, locked_until = now() + interval '5 minutes'
    where id = (
      select id from jobs
      where done_at is null and run_at <= now() and (locked_until is null or locked_until < now())
        ${maxPriority === undefined ? sql`` : sql`and priority <= ${maxPriority}`}
      order by priority, run_at
      limit 1
      for update skip locked
    )
    returning id, kind, payload, attempts, max_attempts`,
  );
  return rows[0];
}

/**
 * Runs due jobs (with `maxPriority`, only those of that priority or lower) until none is left, `limit` ran, or the
 * signal aborts. Returns how many ran.
 */
export async function runDueJobs(
  limit = 100,
  signal: AbortSignal = new AbortController().signal,
  maxPriority?: number,
): Promise<number> {
  let ran = 0;
  for (; ran < limit && !signal.aborted; ran++) {
    const job = await claim(maxPriority);
    if (!job) break;
    const handler = handlers.get(job.kind);
    try {
      if (!handler) throw new Error(`No handler for job kind ${job.kind}`);
      await handler(job.payload, signal);
      await db()
        .update(jobs)
        .set({ doneAt: new Date(), lockedUntil: null, lastError: null })
        .where(eq(jobs.id, job.id));
    } catch (error) {
      if (signal.aborted) {
        // Interrupted by shutdown: hand it back untouched, to run first thing after the restart.
        await db()
          .update(jobs)
          .set({ lockedUntil: null, attempts: sql`${jobs.attempts} - 1` })
          .where(eq(jobs.id, job.id));
        break;
      }
      const message = (error as Error).message ?? String(error);
      const giveUp = job.attempts >= job.max_attempts;
      services().logger.warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, err: message, giveUp },
        "job failed",
      );
      await db()
        .update(jobs)
        .set({
          lastError: message.slice(0, 2000),
          lockedUntil: null,
          runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
          doneAt: giveUp ? new Date() : null,
        })
        .where(and(eq(jobs.id, job.id), isNull(jobs.doneAt)));
    }
  }
  return ran;
}

/** The longest the worker waits between two looks while the database is out of reach. */
const OUTAGE_POLL_MAX_MS = 30_000;

/**
 * Polls for due jobs in lanes, one job at a time in each, a lane taking the jobs of its priority or lower: by
 * default two, everything (lowest priority first) and the jobs a person waits for (PERSON_LANE_MAX_PRIORITY), so
 * that a sign-in link goes out while a picture's deep zoom tiles are being cut (`[undefined]` is the worker of
 * one lane, for scripts/bench/job-lanes.ts). `wake()` makes every lane look now (after an enqueue). Returns a
 * stop function. While the database is out of reach the worker says so once and looks half as often each time
 * (up to every 30 s), not a stack a second.
 */
export function startJobWorker(
  pollMs = 1000,
  laneMaxPriorities: readonly (number | undefined)[] = [undefined, PERSON_LANE_MAX_PRIORITY],
): { stop: () => Promise<void>; wake: () => void } {
  const abort = new AbortController();
  let outage = false;
  const lanes = laneMaxPriorities.map((maxPriority) =>
    pollLane(pollMs, abort.signal, maxPriority, {
      failed: (error) => {
        if (!isDatabaseUnavailable(error)) {
          services().logger.error({ err: error }, "job worker failed");
          return false;
        }
        if (!outage)
          services().logger.warn(
            { err: outageReason(error) },
            "job worker: the database is out of reach; trying again less often until it is back",
          );
        outage = true;
        return true;
      },
      succeeded: () => {
        if (outage) services().logger.info("job worker: the database is back");
        outage = false;
      },
    }),
  );
  return {
    wake: () => lanes.forEach((lane) => lane.wake()),
    stop: async () => {
      abort.abort();
      await Promise.all(lanes.map((lane) => lane.stop()));
    },
  };
}

/** One lane of the worker: runs what is due, then looks again after `pollMs`, or later while `failed` says so. */
function pollLane(
  pollMs: number,
  signal: AbortSignal,
  maxPriority: number | undefined,
  report: { failed: (error: unknown) => boolean; succeeded: () => void },
): { stop: () => Promise<void>; wake: () => void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let delay = pollMs;
  const tick = () => {
    timer = undefined;
    running = runDueJobs(100, signal, maxPriority)
      .then(() => {
        report.succeeded();
        delay = pollMs;
      })
      .catch((error: unknown) => {
        if (report.failed(error)) delay = Math.min(OUTAGE_POLL_MAX_MS, delay * 2);
      })
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, delay);
      });
  };
  timer = setTimeout(tick, 0);
  return {
    wake: () => {
      if (timer && !stopped) {
        clearTimeout(timer);
        timer = setTimeout(tick, 0);
      }
    },
    stop: async () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
