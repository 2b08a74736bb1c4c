// What the storage sweeper (sweep.server.ts) may remove of the media files, decided from keys, their age and what
// the database records: pure, unit-tested beside it. A key it does not recognise is never a candidate.
//   originals/<hash>.<ext>          an upload's original (pipeline.server.ts analyseImage)
//   variants|tiles|print/<hash>/…   made from it: sizes, deep-zoom tiles, print copies
//   <key>.<uuid>.tmp                a file LocalDiskStorage.put began and a crash kept from being renamed into place

const HASH = "[0-9a-f]{24}";
const ORIGINAL_RE = new RegExp(`^originals/(${HASH})\\.[a-z0-9]+$`);
const DERIVED_RE = new RegExp(`^(?:variants|tiles|print)/(${HASH})/.`);
const PARTIAL_RE = /\.[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.tmp$/;

/** The media folders the sweeper goes through. */
export const MEDIA_PREFIXES = ["originals/", "variants/", "tiles/", "print/"] as const;

export type MediaKeyOwner = { kind: "original" | "derived"; hash: string };

/** The image a media file belongs to, by its key; undefined for anything else. */
export function mediaKeyOwner(key: string): MediaKeyOwner | undefined {
  const original = ORIGINAL_RE.exec(key);
  if (original) return { kind: "original", hash: original[1]! };
  const derived = DERIVED_RE.exec(key);
  return derived ? { kind: "derived", hash: derived[1]! } : undefined;
}

/** A half-written file: never the file a record names, whatever its name begins with. */
export const isPartialFile = (key: string) => PARTIAL_RE.test(key);

/** Last written longer than `graceMs` before `now` (a time after `now` is new). */
export const pastGrace = (lastModified: Date, now: Date, graceMs: number) =>
  now.getTime() - lastModified.getTime() > graceMs;

/** What the database is asked about a page of keys: the images' hashes, and the originals' keys. */
export function referenceQuestions(keys: string[]): { hashes: string[]; originalKeys: string[] } {
  const hashes = new Set<string>();
  const originalKeys: string[] = [];
  for (const key of keys) {
    const owner = mediaKeyOwner(key);
    if (!owner) continue;
    hashes.add(owner.hash);
    if (owner.kind === "original") originalKeys.push(key);
  }
  return { hashes: [...hashes], originalKeys };
}

/** What records hold: images' hashes (media_assets, certificates) and originals' keys (media_assets.original_key). */
export interface RecordedMedia {
  hashes: Set<string>;
  originalKeys: Set<string>;
}

/**
 * The keys no record refers to: an original whose key and hash no record holds, a derived file whose image's
 * hash none holds. An original is kept by its hash too (the same picture recorded under another extension).
 */
export function unreferencedMediaKeys(keys: string[], recorded: RecordedMedia): string[] {
  return keys.filter((key) => {
    const owner = mediaKeyOwner(key);
    if (!owner || recorded.hashes.has(owner.hash)) return false;
    return owner.kind === "derived" || !recorded.originalKeys.has(key);
  });
}
