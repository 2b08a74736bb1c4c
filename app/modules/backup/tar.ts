// A minimal ustar archive: a writer that streams entries into a file and a reader that walks one from disk,
// entry by entry, without loading it whole. Enough for a backup (regular files, names up to 255 bytes).
import { createReadStream, type WriteStream } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import type { Readable } from "node:stream";

const BLOCK = 512;

/** Writes a chunk and, when the stream's buffer is full, waits for it to drain (listeners removed after). */
export function writeWithBackpressure(out: NodeJS.WritableStream, chunk: Buffer | string): Promise<void> {
  if (out.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = () => {
      out.removeListener("error", onError);
      resolve();
    };
    const onError = (error: Error) => {
      out.removeListener("drain", onDrain);
      reject(error);
    };
    out.once("drain", onDrain);
    out.once("error", onError);
  });
}

function header(name: string, size: number, mtime: Date): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  let prefix = "";
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", name.length - 1);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
    if (cut < 0 || Buffer.byteLength(base) > 100 || Buffer.byteLength(prefix) > 155)
      throw new Error(`name too long for a tar entry: ${name}`);
  }
  block.write(base, 0, 100, "utf8");
  block.write("0000644\0", 100, "ascii");
  block.write("0000000\0", 108, "ascii");
  block.write("0000000\0", 116, "ascii");
  block.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  block.write(
    `${Math.floor(mtime.getTime() / 1000)
      .toString(8)
      .padStart(11, "0")}\0`,
    136,
    "ascii",
  );
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  block.write(prefix, 345, 155, "utf8");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** Writes entries one after another into a stream; `finish` adds the end-of-archive blocks. */
export class TarWriter {
  constructor(private readonly out: WriteStream) {}

  private write(chunk: Buffer): Promise<void> {
    return writeWithBackpressure(this.out, chunk);
  }

  async addBuffer(name: string, body: Buffer): Promise<void> {
    await this.write(header(name, body.length, new Date()));
    await this.write(body);
    await this.pad(body.length);
  }

  /** Streams `size` bytes from `body` (an entry whose size is known before it is read, like a stored file). */
  async addStream(name: string, size: number, body: Readable): Promise<void> {
    await this.write(header(name, size, new Date()));
    let written = 0;
    for await (const chunk of body as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was being archived`);
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name}: expected ${size} bytes, read ${written}`);
    await this.pad(size);
  }

  private async pad(size: number) {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest, 0));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2, 0));
    await new Promise<void>((resolve, reject) =>
      this.out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
  }
}

export interface TarEntry {
  name: string;
  size: number;
  /** Where the entry's bytes start in the file. */
  offset: number;
}

export class TarFormatError extends Error {
  override name = "TarFormatError";
}

/** Lists the entries of an archive on disk (headers only), checking every header's checksum. */
export async function listTar(file: FileHandle): Promise<TarEntry[]> {
  const { size: total } = await file.stat();
  const entries: TarEntry[] = [];
  const block = Buffer.alloc(BLOCK);
  let position = 0;
  for (;;) {
    if (position + BLOCK > total) throw new TarFormatError("The archive ends in the middle: it is incomplete.");
    await file.read(block, 0, BLOCK, position);
    if (block.every((b) => b === 0)) return entries;
    let sum = 0;
    for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
    const stored = parseInt(block.toString("ascii", 148, 155).replace(/\0.*$/, "").trim(), 8);
    if (sum !== stored) throw new TarFormatError("The archive is damaged (a header does not match its checksum).");
    const base = block.toString("utf8", 0, 100).replace(/\0.*$/s, "");
    const prefix = block.toString("utf8", 345, 500).replace(/\0.*$/s, "");
    const size = parseInt(block.toString("ascii", 124, 135).trim() || "0", 8);
    const name = prefix ? `${prefix}/${base}` : base;
    entries.push({ name, size, offset: position + BLOCK });
    position += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    if (position > total) throw new TarFormatError("The archive ends in the middle: it is incomplete.");
  }
}

/** A stream of one entry's bytes. */
export function entryStream(path: string, entry: TarEntry): Readable {
  if (entry.size === 0) return createReadStream(path, { start: 1, end: 0 });
  return createReadStream(path, { start: entry.offset, end: entry.offset + entry.size - 1 });
}
