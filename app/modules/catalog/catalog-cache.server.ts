// The catalogue's kept reads and its change signal: what the public pages read is kept in memory until the
// catalogue changes (decision 0022), and every write that changes what visitors see ends with catalogChanged.
// Its own file so the taxonomy and stock modules can signal a change without importing the catalogue's queries.
import { db, type Database } from "~/db/client.server";
import { publish, subscribe } from "~/modules/events/bus.server";

/**
 * What the public pages read of the catalogue (an artwork, a gallery page, the featured works, "More works"), kept in memory
 * until the catalogue changes: a page rendered for a signed-in visitor, or missed by the page cache, reads no
 * database. The promise is kept, so concurrent readers share one query; an invalidation drops reads still in
 * flight too, so nothing read before a change is kept after it. Callers treat what they get as read-only.
 * Other modules whose public reads change with the catalogue (provenance) keep theirs here under their own prefix.
 */
const READ_CACHE_ENTRIES = 2_000;
const reads = new Map<string, Promise<unknown>>();
/** The database the reads came from (tests open one after another in one process). */
let readsFrom: Database | undefined;

export function cachedRead<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (readsFrom !== db()) {
    reads.clear();
    readsFrom = db();
  }
  const kept = reads.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const read = load();
  reads.set(key, read);
  // Oldest first out: a crawl of one-off slugs cannot grow memory without bound.
  if (reads.size > READ_CACHE_ENTRIES) reads.delete(reads.keys().next().value!);
  // A failed read is not kept: the next caller tries again.
  read.catch(() => {
    if (reads.get(key) === read) reads.delete(key);
  });
  return read;
}

/** Forget the kept reads (after the catalogue changes). */
export function invalidateCatalogCaches(): void {
  reads.clear();
}

// Another process's change reaches this one's caches through the bus; after a lost connection events may have
// been missed.
subscribe("catalog.changed", invalidateCatalogCaches);
subscribe("bus.reconnected", invalidateCatalogCaches);

/** Ids travel with the event when they are few; a bulk change says "everything" (NOTIFY payloads are small). */
const MAX_EVENT_IDS = 50;

/**
 * After a committed change to what visitors see of the catalogue (a work's fields, price, availability, image,
 * order, a sale, a release): cached pages and facets in every process start afresh. Call it after the
 * transaction, never inside one: a page rendered in between would read the old state.
 */
export async function catalogChanged(artworkIds?: readonly string[]): Promise<void> {
  invalidateCatalogCaches();
  const ids = artworkIds && artworkIds.length > 0 && artworkIds.length <= MAX_EVENT_IDS ? [...artworkIds] : undefined;
  await publish("catalog.changed", ids ? { artworkIds: ids } : {});
}
