import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs } from "~/db/schema";
import {
  enqueue,
  JOB_PRIORITY,
  registerJobHandlers,
  retryDelayMs,
  runDueJobs,
  startJobWorker,
} from "~/modules/jobs/jobs.server";
import { BACKENDS, useTestServices } from "../support/harness";

describe("retryDelayMs", () => {
  it("backs off exponentially and caps at an hour", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(retryDelayMs(30)).toBe(3_600_000);
  });
});

describe.each(BACKENDS)("jobs on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("runs a job once, and a pending dedupe key is enqueued once", async () => {
    const seen: unknown[] = [];
    registerJobHandlers({
      "test.record": (payload) => {
        seen.push(payload.n);
        return Promise.resolve();
      },
    });
    await enqueue("test.record", { n: 1 }, { dedupeKey: "k1" });
    await enqueue("test.record", { n: 2 }, { dedupeKey: "k1" });
    expect(await runDueJobs()).toBe(1);
    expect(seen).toEqual([1]);
    // Once done, the same key may be used again.
    await enqueue("test.record", { n: 3 }, { dedupeKey: "k1" });
    await runDueJobs();
    expect(seen).toEqual([1, 3]);
  });

  it("runs what a person waits for first: mail before the image work queued ahead of it", async () => {
    const order: string[] = [];
    registerJobHandlers({
      "test.order": (payload) => {
        order.push(String(payload.name));
        return Promise.resolve();
      },
    });
    const earlier = new Date(Date.now() - 60_000);
    await enqueue("test.order", { name: "variants 1" }, { runAt: earlier });
    await enqueue("test.order", { name: "variants 2" }, { runAt: earlier });
    await enqueue("test.order", { name: "expiry" }, { priority: JOB_PRIORITY.shop });
    await enqueue("test.order", { name: "mail" }, { priority: JOB_PRIORITY.mail });
    expect(await runDueJobs()).toBe(4);
    expect(order).toEqual(["mail", "expiry", "variants 1", "variants 2"]);
  });

  it("a mail a person waits for goes out while a long image job runs, and image jobs still run one at a time", async () => {
    let finishImage!: () => void;
    const imageWork = new Promise<void>((resolve) => (finishImage = resolve));
    const ran: string[] = [];
    registerJobHandlers({
      "test.image": async (payload) => {
        ran.push(`image ${String(payload.n)} started`);
        await imageWork;
        ran.push(`image ${String(payload.n)} done`);
      },
      "test.mail": () => Promise.resolve(void ran.push("mail sent")),
    });
    await enqueue("test.image", { n: 1 });
    const worker = startJobWorker(50);
    try {
      await expect.poll(() => ran).toEqual(["image 1 started"]);
      await enqueue("test.image", { n: 2 });
      await enqueue("test.mail", {}, { priority: JOB_PRIORITY.mail });
      worker.wake();
      await expect.poll(() => ran).toEqual(["image 1 started", "mail sent"]);
      // Several looks of both lanes later, the second image job still waits for the first.
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(ran).toEqual(["image 1 started", "mail sent"]);
      finishImage();
      await expect
        .poll(() => ran)
        .toEqual(["image 1 started", "mail sent", "image 1 done", "image 2 started", "image 2 done"]);
    } finally {
      finishImage();
      await worker.stop();
    }
  });

  it("retries a failing job later and gives up after maxAttempts", async () => {
    let calls = 0;
    registerJobHandlers({
      "test.flaky": () => {
        calls++;
        return Promise.reject(new Error("mail server down"));
      },
    });
    await enqueue("test.flaky", {}, { maxAttempts: 2 });
    await runDueJobs();
    const [afterFirst] = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "test.flaky"));
    expect(afterFirst).toMatchObject({ attempts: 1, lastError: "mail server down", doneAt: null });
    expect(afterFirst!.runAt.getTime()).toBeGreaterThan(Date.now() + 3_000);
    // Not due yet: nothing runs.
    expect(await runDueJobs()).toBe(0);
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, afterFirst!.id));
    await runDueJobs();
    const [afterSecond] = await ctx.handle.db.select().from(jobs).where(eq(jobs.id, afterFirst!.id));
    expect(afterSecond!.attempts).toBe(2);
    expect(afterSecond!.doneAt).not.toBeNull();
    expect(calls).toBe(2);
  });
});

describe.each(BACKENDS)("jobs interrupted by shutdown on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("hands an interrupted job back, not counted as an attempt, to run after the restart", async () => {
    const abort = new AbortController();
    registerJobHandlers({
      "test.slow": (_payload, signal) => {
        abort.abort();
        return Promise.reject(signal.reason as Error);
      },
    });
    await enqueue("test.slow", {});
    await runDueJobs(100, abort.signal);
    const [job] = await ctx.handle.db.select().from(jobs).where(eq(jobs.kind, "test.slow"));
    expect(job).toMatchObject({ attempts: 0, lockedUntil: null, doneAt: null, lastError: null });
    expect(job!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
  });
});
