// Uploads on an S3-compatible object store (issue 13 item 5): the storage contract against a real S3 server
// on loopback (s3rver), an image upload whose original and sizes live in the bucket, a store that cannot be
// reached (the upload refused with a plain message, nothing stored anywhere), and npm run media:move.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buffer } from "node:stream/consumers";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { mediaAssets } from "~/db/schema";
import { ingestImage, ingestUpload, readVariant, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import { S3Storage } from "~/modules/media/s3-storage.server";
import { parseStorageUrl } from "~/modules/media/storage-url";
import { services, setServices } from "~/services.server";
import { setupTestServices, type TestContext } from "../support/harness";
import { runScript } from "../support/run-script";
import { S3_CREDENTIALS, startS3Server, type S3Server } from "../support/s3-server";
import { solidPicture } from "../support/images";

const credentials = {
  accessKeyId: S3_CREDENTIALS.AWS_ACCESS_KEY_ID,
  secretAccessKey: S3_CREDENTIALS.AWS_SECRET_ACCESS_KEY,
};

describe("object storage on an S3-compatible server", () => {
  let s3: S3Server;
  let ctx: TestContext;
  let store: S3Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    ctx = await setupTestServices("pglite");
    store = new S3Storage(parseStorageUrl(s3.storageUrl("shop")), { credentials });
    setServices({ ...services(), storage: store });
  });
  afterAll(async () => {
    await ctx.close();
    await s3.close();
  });

  it("reads STORAGE_URL: bucket, prefix, region, endpoint and path style", () => {
    expect(parseStorageUrl("s3://media?region=eu-west-1")).toEqual({
      bucket: "media",
      prefix: "",
      region: "eu-west-1",
      endpoint: undefined,
      forcePathStyle: false,
    });
    expect(parseStorageUrl("s3://media/shop/one/?endpoint=https://r2.example.net&region=auto")).toMatchObject({
      prefix: "shop/one/",
      endpoint: "https://r2.example.net",
      forcePathStyle: true,
    });
    expect(() => parseStorageUrl("https://media.example.net")).toThrow(/only s3:\/\/ is supported/);
    expect(() => parseStorageUrl("s3://media?endpoint=ftp://x")).toThrow(/endpoint must be an http\(s\) URL/);
  });

  it("puts, gets, finds and deletes objects under the prefix", async () => {
    expect(await store.exists("originals/ab/cd.jpg")).toBe(false);
    expect(await store.get("originals/ab/cd.jpg")).toBeUndefined();
    await store.put("originals/ab/cd.jpg", Buffer.from("bytes of a painting"));
    expect(await store.exists("originals/ab/cd.jpg")).toBe(true);
    const got = await store.get("originals/ab/cd.jpg");
    expect(got?.size).toBe(19);
    expect((await buffer(got!.body)).toString()).toBe("bytes of a painting");
    // Under the prefix: the same key without it is not there.
    const bare = new S3Storage(parseStorageUrl(s3.storageUrl()), { credentials });
    expect(await bare.exists("originals/ab/cd.jpg")).toBe(false);
    expect(await bare.exists("shop/originals/ab/cd.jpg")).toBe(true);
    await store.delete("originals/ab/cd.jpg");
    expect(await store.exists("originals/ab/cd.jpg")).toBe(false);
    await store.delete("originals/ab/cd.jpg");
    await expect(store.put("../escape", Buffer.from("x"))).rejects.toThrow(/Invalid storage key/);
  });

  it("keeps an uploaded image's original in the bucket and makes its sizes from there", async () => {
    const asset = await ingestImage(await solidPicture(640, 480, "#2a6"), ctx.handle.db, { originalName: "field.jpg" });
    expect(await store.exists(asset.originalKey)).toBe(true);
    const variant = await readVariant(asset.hash, asset.widths[0]!, "webp");
    expect(variant && (await sharp(variant).metadata()).format).toBe("webp");
    expect(await store.exists(`variants/${asset.hash}/${asset.widths[0]}.webp`)).toBe(true);
  });

  it("refuses an upload with a plain message when the store cannot be reached, and stores nothing", async () => {
    const before = await ctx.handle.db.select().from(mediaAssets);
    const unreachable = new S3Storage(
      parseStorageUrl("s3://atelier-media?region=us-east-1&endpoint=http://127.0.0.1:9"),
      { credentials, maxAttempts: 1 },
    );
    setServices({ ...services(), storage: unreachable });
    try {
      const bytes = await solidPicture(640, 480, "#a62");
      const answer = await ingestUpload(
        new Request("http://localhost/admin/media", {
          method: "POST",
          body: new Uint8Array(bytes),
          headers: { "content-type": "image/jpeg", "content-length": String(bytes.length) },
        }),
      );
      expect(answer).toEqual({ ok: false, status: 503, error: STORE_UNAVAILABLE });
    } finally {
      setServices({ ...services(), storage: store });
    }
    expect(await ctx.handle.db.select().from(mediaAssets)).toEqual(before);
  });

  it("npm run media:move copies DATA_DIR/media into the bucket, skips what is there, and says what to set", async () => {
    const dataDir = mkdtempSync(join(tmpdir(), "atelier-media-move-"));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    mkdirSync(join(dataDir, "media", "originals", "aa"), { recursive: true });
    mkdirSync(join(dataDir, "media", "variants", "aa"), { recursive: true });
    writeFileSync(join(dataDir, "media", "originals", "aa", "one.jpg"), "original one");
    writeFileSync(join(dataDir, "media", "variants", "aa", "320.webp"), "a size");
    writeFileSync(join(dataDir, "media", "variants", "aa", "640.webp.1234.tmp"), "half written");
    const move = () =>
      runScript("media-move", ["--to", s3.storageUrl("moved")], { ...S3_CREDENTIALS, DATA_DIR: dataDir });
    const first = await move();
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^media:move: copied 2 files \(0\.0 MB\) to atelier-media, 0 were already there/);
    expect(first.stdout).toContain(`STORAGE_URL=${s3.storageUrl("moved")}`);
    const moved = new S3Storage(parseStorageUrl(s3.storageUrl("moved")), { credentials });
    expect((await buffer((await moved.get("originals/aa/one.jpg"))!.body)).toString()).toBe("original one");
    expect(await moved.exists("variants/aa/640.webp.1234.tmp")).toBe(false);
    const second = await move();
    expect(second.stdout).toMatch(/copied 0 files .* 2 were already there/);
  });
});
