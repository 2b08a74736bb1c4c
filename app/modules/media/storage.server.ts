// Storage: where the bytes of uploads and their variants live. Local disk under DATA_DIR by default; an
// S3-compatible object store with STORAGE_URL (s3-storage.server.ts, docs/operations.md "Object storage").
// Besides reading and writing one file, a store lists what it holds under a folder, a page at a time, with each
// file's age: the storage sweeper (sweep.server.ts) finds files no record refers to that way.
import { createReadStream } from "node:fs";
import { mkdir, opendir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join, normalize, relative, sep } from "node:path";
import type { Readable } from "node:stream";
import { randomUUID } from "node:crypto";

export interface StoredObject {
  body: Readable;
  size: number;
}

/** A file as a listing names it. */
export interface StoredEntry {
  key: string;
  size: number;
  /** When it was last written (a local file's mtime, an object's Last-Modified). */
  lastModified: Date;
}

export interface Storage {
  put(key: string, body: Buffer): Promise<void>;
  get(key: string): Promise<StoredObject | undefined>;
  exists(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
  /**
   * Every file under `prefix` (a folder: "" or ending in "/"), in pages of at most `pageSize` (default 1,000),
   * read from the store as they are asked for: memory stays bounded however many files there are. Files
   * removed between two pages are simply not listed; no order is promised.
   */
  list(prefix: string, pageSize?: number): AsyncIterable<StoredEntry[]>;
}

/** The store could not be reached or refused the operation: nothing was written; worth trying again later. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

const KEY_RE = /^[a-z0-9][a-z0-9/_.-]*$/;

export const isStorageKey = (key: string) => KEY_RE.test(key) && !key.includes("..") && !key.includes("//");

export function assertStorageKey(key: string) {
  if (!isStorageKey(key)) throw new Error(`Invalid storage key: ${key}`);
}

/** A folder to list: "" (everything) or a key's leading folders, ending in "/". */
export function assertStoragePrefix(prefix: string) {
  if (prefix !== "" && !(prefix.endsWith("/") && isStorageKey(prefix.slice(0, -1))))
    throw new Error(`Invalid storage prefix: ${prefix}`);
}

export const LIST_PAGE_SIZE = 1000;

/** The files under `dir`, one directory handle per level open at a time (never a whole folder's names at once). */
async function* filesUnder(dir: string): AsyncGenerator<string> {
  let handle;
  try {
    handle = await opendir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return;
    throw error;
  }
  for await (const entry of handle) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
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

  /**
   * Walks the folder. A half-written file a crash left (`<key>.<uuid>.tmp`, see put) is listed too: it takes
   * room like any other.
   */
  async *list(prefix: string, pageSize = LIST_PAGE_SIZE): AsyncGenerator<StoredEntry[]> {
    assertStoragePrefix(prefix);
    let page: StoredEntry[] = [];
    for await (const path of filesUnder(join(this.root, prefix))) {
      const key = relative(this.root, path).split(sep).join("/");
      if (!isStorageKey(key)) continue;
      // Removed since the folder was read: not there any more.
      const s = await stat(path).catch(() => undefined);
      if (!s?.isFile()) continue;
      page.push({ key, size: s.size, lastModified: s.mtime });
      if (page.length >= pageSize) {
        yield page;
        page = [];
      }
    }
    if (page.length > 0) yield page;
  }

  /** Every key stored (npm run media:move), skipping half-written temporary files. */
  async *keys(): AsyncGenerator<string> {
    for await (const page of this.list("")) for (const { key } of page) if (!key.endsWith(".tmp")) yield key;
  }
}
