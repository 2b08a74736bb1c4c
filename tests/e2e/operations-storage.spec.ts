// A shop whose uploads live on an S3-compatible object store (issue 13 item 5, docs/operations.md "Object
// storage"): a first start with STORAGE_URL puts the demo's originals and sizes in the bucket, not in
// DATA_DIR; the site serves them with immutable caching; with MEDIA_PUBLIC_URL the image addresses redirect
// to the bucket, which serves the bytes. The store is s3rver on loopback.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";
import { S3_BUCKET, startS3Server, type S3Server } from "../support/s3-server";
import { startServer, stop, waitHealthy } from "../support/spawn-server";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });

let s3: S3Server;
const dataDir = runTempDir("atelier-storage-");

test.beforeAll(async () => {
  s3 = await startS3Server();
});
test.afterAll(async () => {
  await s3?.close();
});

async function firstImage(url: string): Promise<string> {
  const home = await (await fetch(`${url}/gallery`)).text();
  const src = /\/media\/[0-9a-f]{24}\/\d+\.(?:webp|avif)/.exec(home)?.[0];
  expect(src, "an image on the gallery").toBeTruthy();
  return src!;
}

test("with STORAGE_URL the demo's images live in the bucket and the site serves them", async () => {
  test.setTimeout(180_000);
  const server = await startServer({ DATA_DIR: dataDir, ...s3.env });
  try {
    await waitHealthy(server, 150_000);
    const src = await firstImage(server.url);
    const image = await fetch(`${server.url}${src}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toMatch(/^image\/(webp|avif)$/);
    expect(image.headers.get("cache-control")).toContain("immutable");
    // Nothing of it on the machine's disk.
    const local = join(dataDir, "media");
    expect(existsSync(local) ? readdirSync(local, { recursive: true }).length : 0).toBe(0);
  } finally {
    await stop(server);
  }
});

test("with MEDIA_PUBLIC_URL an image address redirects to the bucket, which sends it", async () => {
  test.setTimeout(120_000);
  const server = await startServer({
    DATA_DIR: dataDir,
    ...s3.env,
    MEDIA_PUBLIC_URL: `${s3.endpoint}/${S3_BUCKET}`,
  });
  try {
    await waitHealthy(server);
    const src = await firstImage(server.url);
    const answer = await fetch(`${server.url}${src}`, { redirect: "manual" });
    expect(answer.status).toBe(301);
    expect(answer.headers.get("cache-control")).toContain("immutable");
    const location = answer.headers.get("location")!;
    expect(location).toMatch(new RegExp(`^${s3.endpoint}/${S3_BUCKET}/variants/[0-9a-f]{24}/\\d+\\.(webp|avif)$`));
    const fromBucket = await fetch(location);
    expect(fromBucket.status).toBe(200);
    expect(fromBucket.headers.get("content-type")).toMatch(/^image\/(webp|avif)$/);
    expect((await fromBucket.arrayBuffer()).byteLength).toBeGreaterThan(500);
    // The page allows the bucket's origin for images, and nothing else new.
    const page = await fetch(`${server.url}/gallery`);
    expect(page.headers.get("content-security-policy")).toContain(`img-src 'self' data: blob: ${s3.endpoint}`);
  } finally {
    await stop(server);
  }
});
