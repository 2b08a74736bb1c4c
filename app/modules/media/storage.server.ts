// Storage: where the bytes of uploads and their variants live. Local disk under DATA_DIR by default; an
// S3-compatible object store with STORAGE_URL (s3-storage.server.ts, docs/operations.md "Object storage").
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { randomUUID } from "node:crypto";

export interface StoredObject {
  body: Readable;
  size: number;
}

export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The store could not be reached or refused the operation: nothing was written; worth trying again later. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]*$/;

export function assertStorageKey(key: string) {
  if (!KEY_RE.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
}

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertStorageKey(key);
    return normalize(join(this.root, key));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    // Write then rename: a reader never sees half a file, a crash never leaves one.
    const tmp = `${target}.${randomUUID()}.tmp`;
    await writeFile(tmp, body, { flush: true });
    await rename(tmp, target);
  }

  async get(key: string): Promise<StoredObject | undefined> {
    const target = this.path(key);
    try {
      const s = await stat(target);
      if (!s.isFile()) return undefined;
      return { body: createReadStream(target), size: s.size };
    } catch {
      return undefined;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await stat(this.path(key))).isFile();
    } catch {
      return false;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  /** Every key stored (npm run media:move), skipping half-written temporary files. */
  async *keys(): AsyncGenerator<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (!entry.isFile() || entry.name.endsWith(".tmp")) continue;
      const key = relative(this.root, join(entry.parentPath, entry.name)).split(sep).join("/");
      if (KEY_RE.test(key)) yield key;
    }
  }
}
