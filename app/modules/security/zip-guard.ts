// ZIP archives from a user (the import's image ZIP, an .xlsx workbook, which is a ZIP too) are measured from
// their central directory before anything is decompressed: too many entries, too much once unpacked, or an
// entry that unpacks to many times its size (a "ZIP bomb") is refused with a plain message (security item 17).
// A directory that lies about sizes does not get further: fflate inflates into a buffer of the declared size.
import { unzipSync } from "fflate";

export interface ZipLimits {
  /** Entries in the archive, folders included. */
  maxEntries: number;
  /** The sum of every entry's unpacked size. */
  maxTotalBytes: number;
  /** Unpacked size over packed size of one entry, checked for entries over 1 MB unpacked. */
  maxRatio: number;
}

export interface ZipSummary {
  entries: number;
  totalBytes: number;
}

export class ZipLimitError extends Error {
  override name = "ZipLimitError";
}

const MB = 1024 * 1024;
const describe = (bytes: number) => (bytes >= 1024 * MB ? `${bytes / 1024 / MB} GB` : `${bytes / MB} MB`);

/** Reads the archive's directory only; throws ZipLimitError past a limit, and fflate's error on a broken ZIP. */
export function inspectZip(bytes: Uint8Array, limits: ZipLimits, what = "The ZIP"): ZipSummary {
  let entries = 0;
  let totalBytes = 0;
  let problem: string | undefined;
  unzipSync(bytes, {
    filter(file) {
      if (problem) return false;
      entries += 1;
      totalBytes += file.originalSize;
      if (entries > limits.maxEntries) problem = `${what} holds more than ${limits.maxEntries} files.`;
      else if (totalBytes > limits.maxTotalBytes)
        problem = `${what} would unpack to more than ${describe(limits.maxTotalBytes)}.`;
      else if (file.originalSize > MB && file.originalSize > Math.max(file.size, 1) * limits.maxRatio)
        problem = `${what} has a file that unpacks to more than ${limits.maxRatio} times its size, which is how a “ZIP bomb” works, so it was not opened.`;
      return false;
    },
  });
  if (problem) throw new ZipLimitError(problem);
  return { entries, totalBytes };
}

/** The import's images: photographs barely compress, so a high ratio is never a real one. */
export const IMAGE_ZIP_LIMITS: ZipLimits = { maxEntries: 5_000, maxTotalBytes: 1024 * MB, maxRatio: 100 };
/** An .xlsx workbook: XML compresses well, but not by hundreds of times in a real catalogue. */
export const WORKBOOK_LIMITS: ZipLimits = { maxEntries: 1_000, maxTotalBytes: 100 * MB, maxRatio: 250 };

/**
 * Unpacks the named entries of an archive a batch at a time, each batch at most `maxBatchBytes` unpacked (an
 * entry larger than that alone), and waits for `onBatch` before the next: the import's images, up to
 * IMAGE_ZIP_LIMITS' 1 GB, never lie in memory all at once. A name the archive lacks is not in any batch. A name
 * the archive holds several times (a ZIP may) is its first entry's, unpacked once: otherwise every batch would
 * unpack every copy of it.
 */
export async function unpackInBatches(
  bytes: Uint8Array,
  names: ReadonlySet<string>,
  maxBatchBytes: number,
  onBatch: (files: Record<string, Uint8Array>) => Promise<void>,
): Promise<void> {
  const batches: Set<string>[] = [];
  const batched = new Set<string>();
  let batchBytes = 0;
  unzipSync(bytes, {
    filter(file) {
      if (!names.has(file.name) || batched.has(file.name)) return false;
      batched.add(file.name);
      const last = batches.at(-1);
      if (last && last.size > 0 && batchBytes + file.originalSize <= maxBatchBytes) {
        last.add(file.name);
        batchBytes += file.originalSize;
      } else {
        batches.push(new Set([file.name]));
        batchBytes = file.originalSize;
      }
      return false;
    },
  });
  for (const batch of batches) {
    // The first entry of each name only, as the batch was measured.
    const unpacked = new Set<string>();
    const first = (name: string) => batch.has(name) && !unpacked.has(name) && Boolean(unpacked.add(name));
    await onBatch(unzipSync(bytes, { filter: (file) => first(file.name) }));
  }
}
