// An S3-compatible server on loopback for the object-storage tests (s3rver speaks the S3 protocol and keeps
// the objects in a folder), with the credentials it checks signatures against.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export interface S3Server {
  endpoint: string;
  /** STORAGE_URL for a bucket (created at start) and an optional key prefix. */
  storageUrl(prefix?: string): string;
  /** The environment an app process needs to use it. */
  env: Record<string, string>;
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
  const endpoint = `http://127.0.0.1:${port}`;
  const storageUrl = (prefix = "") =>
    `s3://${S3_BUCKET}${prefix ? `/${prefix}` : ""}?region=us-east-1&endpoint=${encodeURIComponent(endpoint)}`;
  return {
    endpoint,
    storageUrl,
    env: { ...S3_CREDENTIALS, STORAGE_URL: storageUrl() },
    close: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
