// An S3-compatible server on loopback for the object-storage tests (s3rver speaks the S3 protocol and keeps
// the objects in a folder), with the credentials it checks signatures against. Each object's LastModified is the
// mtime of the file that holds it, or the time `setLastModified` gave it, to make an object as old as a test needs.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

// ListObjectsV2 (`GET /bucket?list-type=2`) is answered here, in the protocol's XML. s3rver 3.7 answers it too,
// but makes its continuation tokens with DES, which the OpenSSL 3 in Node refuses: any listing longer than a page
// was a 500 InternalError. This takes its place for `list-type=2` only, behind s3rver's own signature check and
// bucket lookup, and lists from s3rver's store: `prefix`, `delimiter`, `start-after`, `max-keys` (at most 1,000,
// as S3) and an opaque continuation token naming the last key sent.
/** s3rver's filesystem store: what this file calls of it. */
interface FilesystemStore {
  putObject(object: { bucket: string; key: string }): Promise<unknown>;
  listObjects(
    bucket: string,
    options: { prefix: string; delimiter: string; startAfter: string; maxKeys: number },
  ): Promise<{
    objects: { key: string; size: number; lastModifiedDate: Date; metadata: Record<string, string> }[];
    commonPrefixes: string[];
    isTruncated: boolean;
  }>;
}

interface ListContext {
  query: Record<string, string | undefined>;
  params: { bucket: string };
  body: unknown;
  store: FilesystemStore;
}
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;

const s3rverModules = createRequire(import.meta.url);
const bucketController = s3rverModules("s3rver/lib/controllers/bucket") as {
  getBucket(ctx: ListContext): Promise<void>;
  listObjectsV2Answered?: true;
};
const S3Error = s3rverModules("s3rver/lib/models/error") as S3ErrorClass;

/**
 * When a test made an object older (`setLastModified`), per store: `bucket\nkey` → the time its listing reports.
 * s3rver answers a PUT once it has read the body, before its file is closed: under load the file's last write
 * came after the test had set its mtime back, and the object was listed as new (a storage sweep then kept it).
 */
const agedObjects = new WeakMap<object, Map<string, Date>>();

const tokenFor = (bucket: string, key: string) => Buffer.from(`${bucket}\n${key}`).toString("base64");

async function listObjectsV2(ctx: ListContext): Promise<void> {
  const { query } = ctx;
  const bucket = ctx.params.bucket;
  const maxKeys = query["max-keys"] === undefined ? 1000 : Number(query["max-keys"]);
  if (!Number.isInteger(maxKeys) || maxKeys < 0)
    throw new S3Error("InvalidArgument", "Provided max-keys not an integer or within integer range", {
      ArgumentName: "max-keys",
      ArgumentValue: query["max-keys"],
    });
  let startAfter = query["start-after"] ?? "";
  const token = query["continuation-token"];
  if (token !== undefined) {
    const [tokenBucket, ...key] = Buffer.from(token, "base64").toString("utf8").split("\n");
    if (tokenBucket !== bucket || key.length === 0)
      throw new S3Error("InvalidArgument", "The continuation token provided is incorrect", {
        ArgumentName: "continuation-token",
      });
    startAfter = key.join("\n");
  }
  const prefix = query.prefix ?? "";
  const delimiter = query.delimiter ?? "";
  const result =
    maxKeys === 0
      ? { objects: [], commonPrefixes: [], isTruncated: false }
      : await ctx.store.listObjects(bucket, { prefix, delimiter, startAfter, maxKeys: Math.min(1000, maxKeys) });
  const last = result.objects.at(-1)?.key;
  ctx.body = {
    ListBucketResult: {
      "@": { xmlns: "http://s3.amazonaws.com/doc/2006-03-01/" },
      Name: bucket,
      Prefix: prefix,
      StartAfter: token === undefined ? query["start-after"] : undefined,
      ContinuationToken: token,
      NextContinuationToken: result.isTruncated && last !== undefined ? tokenFor(bucket, last) : undefined,
      KeyCount: result.objects.length + result.commonPrefixes.length,
      MaxKeys: maxKeys,
      Delimiter: delimiter || undefined,
      IsTruncated: result.isTruncated,
      Contents: result.objects.map((object) => ({
        Key: object.key,
        LastModified: (
          agedObjects.get(ctx.store)?.get(`${bucket}\n${object.key}`) ?? object.lastModifiedDate
        ).toISOString(),
        ETag: object.metadata.etag,
        Size: object.size,
        StorageClass: "STANDARD",
      })),
      CommonPrefixes: result.commonPrefixes.map((commonPrefix) => ({ Prefix: commonPrefix })),
    },
  };
}

if (!bucketController.listObjectsV2Answered) {
  const listObjectsV1 = bucketController.getBucket.bind(bucketController);
  // s3rver's router calls the controller's getBucket through the module's exports, at each request.
  bucketController.getBucket = (ctx) => (ctx.query["list-type"] === "2" ? listObjectsV2(ctx) : listObjectsV1(ctx));
  bucketController.listObjectsV2Answered = true;
}

export interface S3Server {
  endpoint: string;
  /** STORAGE_URL for a bucket (created at start) and an optional key prefix. */
  storageUrl(prefix?: string): string;
  /** The environment an app process needs to use it. */
  env: Record<string, string>;
  /** Makes the bucket's object `objectKey` (STORAGE_URL's prefix included) last modified at `at`. */
  setLastModified(objectKey: string, at: Date): void;
  close(): Promise<void>;
}

export const S3_BUCKET = "atelier-media";
export const S3_CREDENTIALS = { AWS_ACCESS_KEY_ID: "S3RVER", AWS_SECRET_ACCESS_KEY: "S3RVER" };

export async function startS3Server(): Promise<S3Server> {
  const directory = mkdtempSync(join(tmpdir(), "atelier-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  const { port } = await server.run();
  // What a test made older is listed with that time until the object is written again (as S3 would).
  const aged = new Map<string, Date>();
  const store = (server as unknown as { store: FilesystemStore }).store;
  agedObjects.set(store, aged);
  const putObject = store.putObject.bind(store);
  store.putObject = (object) => {
    aged.delete(`${object.bucket}\n${object.key}`);
    return putObject(object);
  };
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = (prefix = "") =>
    `s3://${S3_BUCKET}${prefix ? `/${prefix}` : ""}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`;
  return {
    endpoint,
    storageUrl,
    env: { ...S3_CREDENTIALS, STORAGE_URL: storageUrl() },
    setLastModified: (objectKey, at) => {
      aged.set(`${S3_BUCKET}\n${objectKey}`, at);
    },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
