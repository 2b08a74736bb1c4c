// Storage on an S3-compatible object store (AWS S3, Cloudflare R2, MinIO, Backblaze B2), chosen with
// STORAGE_URL=s3://bucket[/prefix]?region=…&endpoint=…; credentials come from the standard AWS variables
// (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, or a role). An object appears only once its upload completed, so
// a failed put leaves nothing behind; a store that cannot be reached is a StorageUnavailableError with a
// message a person can act on. docs/operations.md "Object storage".
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import {
  assertStorageKey,
  assertStoragePrefix,
  isStorageKey,
  LIST_PAGE_SIZE,
  StorageUnavailableError,
  type Storage,
  type StoredEntry,
  type StoredObject,
} from "./storage.server";
import type { S3Location } from "./storage-url";

const CONTENT_TYPES: Record<string, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
};

function contentType(key: string): string {
  return CONTENT_TYPES[key.split(".").pop()?.toLowerCase() ?? ""] ?? "application/octet-stream";
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

function notFound(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return name === "NoSuchKey" || name === "NotFound" || status(error) === 404;
}

export class S3Storage implements Storage {
  private readonly client: S3Client;

  constructor(
    readonly location: S3Location,
    overrides: Partial<S3ClientConfig> = {},
  ) {
    this.client = new S3Client({
      region: location.region,
      endpoint: location.endpoint,
      forcePathStyle: location.forcePathStyle,
      // Checksums only where the protocol needs them: several S3-compatible stores refuse the newer headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      maxAttempts: 3,
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
      ...overrides,
    });
  }

  private key(key: string): string {
    assertStorageKey(key);
    return `${this.location.prefix}${key}`;
  }

  /** The bucket and full key of a stored file, as the commands name it. */
  private object(key: string): { Bucket: string; Key: string } {
    return { Bucket: this.location.bucket, Key: this.key(key) };
  }

  private unavailable(error: unknown, what: string): StorageUnavailableError {
    return new StorageUnavailableError(
      `The object store (${this.location.bucket}) could not ${what}: ${(error as Error).message || (error as { name?: string }).name || "no answer"}`,
      { cause: error },
    );
  }

  /**
   * Sends a command about a file that may not be there: undefined when it is not, any other failure a
   * StorageUnavailableError saying what could not be done.
   */
  private async sendUnlessMissing<Output>(what: string, command: () => Promise<Output>): Promise<Output | undefined> {
    try {
      return await command();
    } catch (error) {
      if (notFound(error)) return undefined;
      throw this.unavailable(error, what);
    }
  }

  async put(key: string, body: Buffer): Promise<void> {
    try {
      await this.client.send(
        new PutObjectCommand({
          ...this.object(key),
          Body: body,
          ContentLength: body.length,
          ContentType: contentType(key),
          // Keys are content-addressed: an object never changes, so a CDN or browser may keep it forever.
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    } catch (error) {
      throw this.unavailable(error, "store the file");
    }
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const answer = await this.sendUnlessMissing("read the file", () =>
      this.client.send(new GetObjectCommand(this.object(key))),
    );
    if (!answer?.Body) return undefined;
    return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
  }

  async exists(key: string): Promise<boolean> {
    const answer = await this.sendUnlessMissing("look the file up", () =>
      this.client.send(new HeadObjectCommand(this.object(key))),
    );
    return answer !== undefined;
  }

  async delete(key: string): Promise<void> {
    await this.sendUnlessMissing("delete the file", () => this.client.send(new DeleteObjectCommand(this.object(key))));
  }

  /**
   * ListObjectsV2, one request per page (the protocol's limit is 1,000 keys), following its continuation token.
   * Objects under STORAGE_URL's prefix only, named without it; an object whose name this app could not have
   * written is left out.
   */
  async *list(prefix: string, pageSize = LIST_PAGE_SIZE): AsyncGenerator<StoredEntry[]> {
    assertStoragePrefix(prefix);
    const under = `${this.location.prefix}${prefix}`;
    let token: string | undefined;
    do {
      let answer;
      try {
        answer = await this.client.send(
          new ListObjectsV2Command({
            Bucket: this.location.bucket,
            Prefix: under,
            MaxKeys: Math.min(pageSize, 1000),
            ContinuationToken: token,
          }),
        );
      } catch (error) {
        throw this.unavailable(error, "list the files");
      }
      const page: StoredEntry[] = [];
      for (const object of answer.Contents ?? []) {
        if (!object.Key?.startsWith(under)) continue;
        const key = object.Key.slice(this.location.prefix.length);
        if (!isStorageKey(key)) continue;
        // An object whose age the store does not say reads as new: never old enough for the sweeper.
        page.push({ key, size: object.Size ?? 0, lastModified: object.LastModified ?? new Date() });
      }
      if (page.length > 0) yield page;
      token = answer.IsTruncated ? answer.NextContinuationToken : undefined;
    } while (token);
  }
}
