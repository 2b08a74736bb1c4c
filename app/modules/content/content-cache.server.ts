// The home and about pages' content reads kept in memory until the content they show changes (decision 0026),
// as the catalogue's are (catalog-cache.server.ts, decision 0022): a page rendered per request (a signed-in
// visitor, the page cache off or missed) reads no database for them.
import { db, type Database } from "~/db/client.server";
import type { EventTopics } from "~/modules/events/topics";
import { subscribe } from "~/modules/events/bus.server";

export type ContentArea = EventTopics["content.changed"]["area"];
/** What a kept read depends on: content areas, and "catalog" for reads that name works (exhibitions). */
export type KeptArea = ContentArea | "catalog";

interface Kept {
  areas: readonly KeptArea[];
  read: Promise<unknown>;
}

/** A handful of keys (home, about, exhibitions): the bound only guards against a mistake. */
const MAX_ENTRIES = 100;
const reads = new Map<string, Kept>();
/** The database the reads came from (tests open one after another in one process). */
let readsFrom: Database | undefined;

/**
 * `load()` once, kept until a change of one of `areas` (content.changed with that area, catalog.changed for
 * "catalog") or a reconnected bus: the same events that evict the cached pages showing it (decision 0015),
 * so a kept read is never staler than a cached page. The promise is kept, so concurrent readers share one load;
 * an invalidation drops loads still in flight too. A load that rejects, or whose value `keep` refuses (one
 * that fell back after a failure), is not kept. Callers treat what they get as read-only.
 */
export function keptContentRead<T>(
  key: string,
  areas: readonly KeptArea[],
  load: () => Promise<T>,
  keep: (value: T) => boolean = () => true,
): Promise<T> {
  if (readsFrom !== db()) {
    reads.clear();
    readsFrom = db();
  }
  const kept = reads.get(key);
  if (kept) return kept.read as Promise<T>;
  const read = load();
  reads.set(key, { areas, read });
  if (reads.size > MAX_ENTRIES) reads.delete(reads.keys().next().value!);
  const forget = () => {
    if (reads.get(key)?.read === read) reads.delete(key);
  };
  read.then((value) => {
    if (!keep(value)) forget();
  }, forget);
  return read;
}

/** Drops the kept reads that depend on `area` (all of them without one). */
export function forgetContentReads(area?: KeptArea): void {
  for (const [key, kept] of reads) if (!area || kept.areas.includes(area)) reads.delete(key);
}

// Every process hears every change through the bus (its own ones delivered at once, before publish returns);
// after a lost connection events may have been missed.
subscribe("content.changed", ({ area }) => forgetContentReads(area));
subscribe("catalog.changed", () => forgetContentReads("catalog"));
subscribe("bus.reconnected", () => forgetContentReads());
