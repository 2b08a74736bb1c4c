// The storage sweeper on real databases and real stores (local disk, and an S3 server on loopback): files no record
// refers to are removed once older than the grace period (an original stored before a crash, the sizes of an image
// no row records, an import's upload whose row is gone, a half-written file), and nothing else is: a recorded
// image's files, a young file (its upload's transaction may still be running), a certificate's picture, an
// import's upload, the sharing cards and folders the sweeper does not know. Storage errors are logged, never
// thrown. The race it must not lose: a picture recorded again while the sweep runs keeps its original.
import { randomUUID } from "node:crypto";
import { utimesSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { LOCK_TIMEOUT_MS, queryRows } from "~/db/client.server";
import { certificates, jobs, mediaAssets } from "~/db/schema";
import { createLogger } from "~/logger.server";
import { createImportUpload } from "~/modules/catalog/import/import.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import {
  checkImage,
  discardOriginals,
  ingestImage,
  registerImage,
  storeOriginal,
  storeOriginals,
} from "~/modules/media/media.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { StorageUnavailableError, type Storage } from "~/modules/media/storage.server";
import { parseStorageUrl } from "~/modules/media/storage-url";
import { scheduleStorageSweep, STORAGE_SWEEP_JOB, sweepStorage, underSweepLock } from "~/modules/media/sweep.server";
import { services, setServices } from "~/services.server";
import { STORAGE_SWEEP_AREAS } from "../../server/jobs";
import { BACKENDS, useTestServices, type Backend, type SuiteContext } from "../support/harness";
import { solidPicture } from "../support/images";
import { S3_CREDENTIALS, startS3Server, type S3Server } from "../support/s3-server";

const HOUR = 3_600_000;
const GRACE = 24 * HOUR;
const credentials = {
  accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID,
  secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
};
const GONE = "0a1b2c3d4e5f60718293a4b5";

type Store = "local disk" | "S3";
const STORES: Store[] = ["local disk", "S3"];

let colour = 0;
/** A picture no other test uploads (its own colour: its own content hash). */
const picture = () => {
  colour += 1;
  return solidPicture(64, 48, { r: (colour * 37) % 256, g: (colour * 91) % 256, b: (colour * 53) % 256 });
};

/** The suite's store: the services' local disk, or a bucket (under a prefix) of an S3 server of its own. */
function useStore(store: Store, ctx: SuiteContext) {
  let s3: S3Server | undefined;
  beforeAll(async () => {
    if (store !== "S3") return;
    s3 = await startS3Server();
    setServices({ ...services(), storage: new S3Storage(parseStorageUrl(s3.storageUrl("shop")), { credentials }) });
  });
  afterAll(async () => {
    await s3?.close();
  });
  const storage = (): Storage => services().storage;
  return {
    storage,
    /** Makes a stored file `hours` old. */
    age: (key: string, hours: number) => {
      const at = new Date(Date.now() - hours * HOUR);
      if (s3) s3.setLastModified(`shop/${key}`, at);
      else utimesSync(join(ctx.dataDir, "media", key), at, at);
    },
    /** Removes every file, so each test sees its own only. */
    empty: async () => {
      const keys: string[] = [];
      for await (const page of storage().list("")) keys.push(...page.map((e) => e.key));
      for (const key of keys) await storage().delete(key);
    },
  };
}

const sweep = (options: { lockWaitMs?: number; pageSize?: number } = {}) =>
  sweepStorage(STORAGE_SWEEP_AREAS, { graceMs: GRACE, ...options });

describe.each(BACKENDS.flatMap((b) => STORES.map((s) => [b, s] as [Backend, Store])))(
  "the storage sweeper on %s with %s",
  (backend, store) => {
    const ctx = useTestServices(backend);
    const { storage, age, empty } = useStore(store, ctx);
    beforeEach(() => empty());

    const has = (key: string) => storage().exists(key);

    it("lists the files under a folder with their size and last-modified time, a page at a time", async () => {
      const keys = ["a", "b", "c", "d", "e"].map((n) => `originals/${n}/${n}.jpg`);
      for (const [i, key] of keys.entries()) await storage().put(key, Buffer.alloc(i + 1, 7));
      await storage().put("variants/x/320.webp", Buffer.from("a size"));
      age(keys[0]!, 48);
      const pages: { key: string; size: number; lastModified: Date }[][] = [];
      for await (const page of storage().list("originals/", 2)) pages.push(page);
      expect(pages.length).toBeGreaterThanOrEqual(3);
      for (const page of pages) expect(page.length).toBeLessThanOrEqual(2);
      const listed = pages.flat().sort((a, b) => a.key.localeCompare(b.key));
      expect(listed.map((e) => [e.key, e.size])).toEqual(keys.map((k, i) => [k, i + 1]));
      expect(Math.abs(listed[0]!.lastModified.getTime() - (Date.now() - 48 * HOUR))).toBeLessThan(5_000);
      expect(Date.now() - listed[1]!.lastModified.getTime()).toBeLessThan(60_000);
      const nothing: unknown[] = [];
      for await (const page of storage().list("print/")) nothing.push(page);
      expect(nothing).toEqual([]);
      await expect(storage().list("originals")[Symbol.asyncIterator]().next()).rejects.toThrow(
        /Invalid storage prefix/,
      );
    });

    // Pages of 200 (the sweeper's are 1,000: the same code, a smaller store to fill): the first page's removals
    // take two holds of the lock (100 files each), the second one.
    it("goes through more files than a page holds, a page at a time", async () => {
      const keys = Array.from({ length: 250 }, (_, i) => `variants/${GONE}/${i}.webp`);
      for (let i = 0; i < keys.length; i += 50)
        await Promise.all(keys.slice(i, i + 50).map((key) => storage().put(key, Buffer.from("s"))));
      const sizes: number[] = [];
      for await (const page of storage().list("variants/", 200)) sizes.push(page.length);
      expect(sizes).toEqual([200, 50]);
      for (const key of keys) age(key, 30);
      expect(await sweep({ pageSize: 200 })).toEqual({ files: 250, bytes: 250, left: 0, failed: [] });
      expect(await has(keys[0]!)).toBe(false);
      expect(await has(keys.at(-1)!)).toBe(false);
    });

    it("removes an original no record refers to once past the grace period, and keeps a recorded one and a young one", async () => {
      const recorded = await ingestImage(await picture());
      const orphan = await storeOriginal(await picture());
      const young = await storeOriginal(await picture());
      age(recorded.originalKey, 48);
      age(orphan.originalKey, 25);
      age(young.originalKey, 23);
      const info = vi.spyOn(services().logger, "info");
      const result = await sweep();
      expect(await has(orphan.originalKey)).toBe(false);
      expect(await has(recorded.originalKey)).toBe(true);
      expect(await has(young.originalKey)).toBe(true);
      expect(result).toEqual({ files: 1, bytes: orphan.bytes, left: 0, failed: [] });
      expect(info).toHaveBeenCalledWith(
        { files: 1, bytes: orphan.bytes, left: 0, failed: [] },
        expect.stringMatching(/^storage sweep: removed 1 file no record refers to \(/),
      );
      info.mockRestore();
      // Run again (a job may run twice): nothing more to remove.
      expect((await sweep()).files).toBe(0);
    });

    it("removes the sizes, tiles and print copies of an image no record has, and keeps those of a recorded one", async () => {
      const { hash } = await ingestImage(await picture());
      const derived = (h: string) => [
        `variants/${h}/320.webp`,
        `variants/${h}/320.avif`,
        `tiles/${h}/zoom-v1.dzi`,
        `tiles/${h}/zoom-v1_files/0/0_0.webp`,
        `tiles/${h}/zoom-v1_files/11/3_2.webp`,
        `print/${h}/1400.jpg`,
      ];
      for (const key of [...derived(hash), ...derived(GONE)]) {
        await storage().put(key, Buffer.from(`bytes of ${key}`));
        age(key, 30);
      }
      await storage().put(`variants/${GONE}/640.webp`, Buffer.from("made a minute ago"));
      // Small pages: a page boundary inside one image's files removes no more and no less.
      const result = await sweepStorage(STORAGE_SWEEP_AREAS, { graceMs: GRACE, pageSize: 2 });
      for (const key of derived(hash)) expect(await has(key), key).toBe(true);
      for (const key of derived(GONE)) expect(await has(key), key).toBe(false);
      expect(await has(`variants/${GONE}/640.webp`)).toBe(true);
      expect(result.files).toBe(derived(GONE).length);
      expect(result.bytes).toBe(derived(GONE).reduce((sum, key) => sum + `bytes of ${key}`.length, 0));
    });

    it("keeps what other records hold and what it does not know, and removes half-written files", async () => {
      // A certificate keeps the picture it was issued with, recorded as an image or not.
      const certified = "c0ffee00c0ffee00c0ffee00";
      await ctx.handle.db.insert(certificates).values({
        number: `COA-2026-${randomUUID().slice(0, 6)}`,
        year: 2026,
        sequence: Math.floor(Math.random() * 1e9),
        code: randomUUID(),
        title: "Harbour at Dusk",
        edition: "Original, unique work",
        imageHash: certified,
      });
      // An import's upload is its row's; one whose row is gone is no one's.
      const importId = await createImportUpload({
        fileName: "works.csv",
        bytes: Buffer.from("Title,Price\nDusk,100\n"),
      });
      const kept = [
        `originals/${certified}.jpg`,
        `print/${certified}/1400.jpg`,
        `imports/${importId}/source.csv`,
        `og/${"ab".repeat(16)}.jpg`,
        "notes/readme.txt",
      ];
      const removed = [
        `imports/${randomUUID()}/source.csv`,
        `imports/${randomUUID()}/images.zip`,
        `originals/${GONE}.jpg.${randomUUID()}.tmp`,
        `variants/${GONE}/960.webp.${randomUUID()}.tmp`,
      ];
      for (const key of [...kept, ...removed]) {
        if (!(await has(key))) await storage().put(key, Buffer.from("some bytes"));
        age(key, 72);
      }
      const result = await sweep();
      for (const key of kept) expect(await has(key), key).toBe(true);
      for (const key of removed) expect(await has(key), key).toBe(false);
      expect(result.files).toBe(removed.length);
    });

    it("refuses to record an original the sweeper removed after its upload found it stored, and stores it again next time", async () => {
      const bytes = await picture();
      const first = await storeOriginal(bytes);
      expect(first.written).toBe(true);
      age(first.originalKey, 30);
      // The same picture again: its original is there already, so this upload does not write it.
      const again = await storeOriginal(bytes);
      expect(again.written).toBe(false);
      expect((await sweep()).files).toBe(1);
      await expect(registerImage(again)).rejects.toThrow(StorageUnavailableError);
      expect(await ctx.handle.db.$count(mediaAssets, eq(mediaAssets.hash, again.hash))).toBe(0);
      const asset = await ingestImage(bytes);
      expect(await has(asset.originalKey)).toBe(true);
    });
  },
);

describe.each(BACKENDS)("the storage sweeper as a job on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("runs daily: one job a day however often it is scheduled, removing orphans and queueing the next day's", async () => {
    const orphan = await storeOriginal(await solidPicture(64, 48, "#3a6c8f"));
    const at = new Date(Date.now() - 30 * HOUR);
    utimesSync(join(ctx.dataDir, "media", orphan.originalKey), at, at);
    const now = new Date();
    await scheduleStorageSweep(now);
    await scheduleStorageSweep(now);
    const queued = async () =>
      (
        await queryRows<{ day: string }>(
          ctx.handle.db,
          sql`select payload->>'day' as day from jobs where kind = ${STORAGE_SWEEP_JOB} and done_at is null order by 1`,
        )
      ).map((r) => r.day);
    const today = now.toISOString().slice(0, 10);
    expect(await queued()).toEqual([today]);
    await ctx.handle.db.execute(sql`update jobs set run_at = now() where kind = ${STORAGE_SWEEP_JOB}`);
    await runDueJobs();
    expect(await services().storage.exists(orphan.originalKey)).toBe(false);
    const tomorrow = new Date(now.getTime() + 24 * HOUR).toISOString().slice(0, 10);
    expect(await queued()).toEqual([tomorrow]);
    // Done for the day: starting again that day queues none.
    await scheduleStorageSweep(now);
    expect(await queued()).toEqual([tomorrow]);
  });

  it("logs a store it cannot reach and ends without throwing", async () => {
    const logger = createLogger("silent");
    const warn = vi.spyOn(logger, "warn");
    const before = services();
    setServices({
      ...before,
      logger,
      storage: new S3Storage(parseStorageUrl("s3://atelier-media?region=us-east-1&endpoint=http://127.0.0.1:9"), {
        credentials,
        maxAttempts: 1,
      }),
    });
    try {
      const result = await sweep();
      expect(result.files).toBe(0);
      expect(result.failed).toEqual(["originals/", "variants/", "tiles/", "print/", "imports/"]);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({ prefix: "originals/" }),
        expect.stringMatching(/could not go through originals\/.*next run/),
      );
    } finally {
      setServices(before);
    }
  });
});

describe("the storage sweeper turned off", () => {
  const ctx = useTestServices("pglite", { STORAGE_SWEEP_HOURS: "0" });

  it("queues no sweep with STORAGE_SWEEP_HOURS=0", async () => {
    await scheduleStorageSweep();
    expect(await ctx.handle.db.$count(jobs, eq(jobs.kind, STORAGE_SWEEP_JOB))).toBe(0);
  });
});

describe.each(BACKENDS.filter((b) => b === "postgres"))("the storage sweeper beside an upload on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("never removes the original of a picture being recorded while it runs", async () => {
    const bytes = await solidPicture(64, 48, "#8f3a6c");
    const orphan = await storeOriginal(bytes);
    const at = new Date(Date.now() - 30 * HOUR);
    utimesSync(join(ctx.dataDir, "media", orphan.originalKey), at, at);
    // The same picture uploaded again: found stored, recorded in a transaction that is still open.
    const again = await storeOriginal(bytes);
    let commit!: () => void;
    let recorded!: () => void;
    const isRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const upload = ctx.handle.db.transaction(async (tx) => {
      await registerImage(again, tx);
      recorded();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isRecorded;
    const during = await sweep({ lockWaitMs: 300 });
    expect(during).toMatchObject({ files: 0, left: 1 });
    expect(await services().storage.exists(orphan.originalKey)).toBe(true);
    commit();
    await upload;
    expect((await sweep()).files).toBe(0);
    expect(await services().storage.exists(orphan.originalKey)).toBe(true);
  });

  it("an upload waits for the sweeper's removals however long they take, past the database's lock timeout", async () => {
    const picture = await storeOriginal(await solidPicture(64, 48, "#6c3a8f"));
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // The sweeper holds its lock 1.5 s past LOCK_TIMEOUT_MS (a slow object store deleting its batch).
    const sweeping = underSweepLock(0, async () => {
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    setTimeout(() => release(), LOCK_TIMEOUT_MS + 1_500);
    const recorded = await ctx.handle.db.transaction((tx) => registerImage(picture, tx));
    expect(await sweeping).toBe(true);
    expect(await ctx.handle.db.$count(mediaAssets, eq(mediaAssets.hash, recorded.hash))).toBe(1);
  }, 20_000);

  it("a refused request never takes back an original that another request, with the same picture, is recording", async () => {
    const bytes = await solidPicture(64, 48, "#3a8f6c");
    // A commission request that will be refused wrote the picture; a second one, sent meanwhile with the same
    // picture, found it stored and is recording it in a transaction still open.
    const [refused] = await storeOriginals([await checkImage(bytes)]);
    expect(refused!.written).toBe(true);
    const [accepted] = await storeOriginals([await checkImage(bytes)]);
    let commit!: () => void;
    let recorded!: () => void;
    const isRecorded = new Promise<void>((resolve) => (recorded = resolve));
    const upload = ctx.handle.db.transaction(async (tx) => {
      await registerImage(accepted!, tx);
      recorded();
      await new Promise<void>((resolve) => (commit = resolve));
    });
    await isRecorded;
    const discarded = discardOriginals([refused!]);
    setTimeout(() => commit(), 200);
    await Promise.all([discarded, upload]);
    // The second request's image is recorded, and its original is there to show.
    expect(await ctx.handle.db.$count(mediaAssets, eq(mediaAssets.hash, accepted!.hash))).toBe(1);
    expect(await services().storage.exists(accepted!.originalKey)).toBe(true);
  });
});
