// STORAGE_URL: where uploads live when not on this machine's disk. Parsed at start (configuration errors are
// one line), without loading the S3 client.

export interface S3Location {
  bucket: string;
  /** Prepended to every key ("" or ending in "/"). */
  prefix: string;
  region: string;
  /** Another store than AWS (R2, MinIO, B2, a local stand-in in tests). */
  endpoint?: string;
  /** Bucket in the path, not the host name (MinIO and most stand-ins). */
  forcePathStyle: boolean;
}

/** Reads `s3://bucket/prefix?region=…&endpoint=…&forcePathStyle=true`; throws a plain message for anything else. */
export function parseStorageUrl(value: string): S3Location {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error("STORAGE_URL must look like s3://bucket?region=…&endpoint=…");
  }
  if (url.protocol !== "s3:" || !url.hostname)
    throw new Error("STORAGE_URL must look like s3://bucket?region=…&endpoint=… (only s3:// is supported)");
  const prefix = url.pathname.replace(/^\/+|\/+$/g, "");
  const endpoint = url.searchParams.get("endpoint") ?? undefined;
  if (endpoint && !/^https?:\/\//.test(endpoint)) throw new Error("STORAGE_URL's endpoint must be an http(s) URL");
  const pathStyle = url.searchParams.get("forcePathStyle");
  return {
    bucket: url.hostname,
    prefix: prefix ? `${prefix}/` : "",
    region: url.searchParams.get("region") ?? "us-east-1",
    endpoint,
    // A custom endpoint is nearly always path-style; AWS itself is virtual-hosted.
    forcePathStyle: pathStyle === null ? endpoint !== undefined : pathStyle === "true",
  };
}
