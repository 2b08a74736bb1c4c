// Storage: where the bytes of uploads and their variants live. Local disk under DATA_DIR by default;
// an S3-compatible implementation plugs in behind the same interface (docs/deployment.md).
import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
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

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]*$/;

function assertKey(key: string) {
  if (!KEY_RE.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key: ${key}`);
}

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  private path(key: string): string {
    assertKey(key);
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
}
