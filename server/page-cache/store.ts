// The page cache's memory: entries by key in a segmented LRU bounded by bytes, concurrent misses for one key
// rendered once (coalescing), and eviction by area (docs/decisions/0015-page-cache.md).
//
// Segmented LRU: a new entry starts on probation and moves to the protected segment on its second hit.
// Eviction takes from probation first, so a flood of one-off keys (a cache-busting crawl of ?q=…) churns
// probation only and cannot push out the pages visitors keep asking for.

/** What a page depends on; a domain event names the areas it changed. */
export type Area = "catalog" | "homepage" | "about" | "photos" | "blog" | "exhibitions" | "pages";
export const AREAS: readonly Area[] = ["catalog", "homepage", "about", "photos", "blog", "exhibitions", "pages"];

export interface CachedPage {
  key: string;
  areas: readonly Area[];
  /** Bytes held: every body stored. */
  size: number;
}

interface Node<E extends CachedPage> {
  entry: E;
  protected: boolean;
}

export interface PageStoreOptions {
  maxBytes: number;
  /** Share of maxBytes the protected segment may hold (the rest is probation). */
  protectedShare?: number;
}

export interface PageStoreStats {
  entries: number;
  bytes: number;
  hits: number;
  misses: number;
  renders: number;
  evictions: number;
}

export class PageStore<E extends CachedPage> {
  // Map iteration order is insertion order: the first key is the least recently used.
  private probation = new Map<string, Node<E>>();
  private protectedSeg = new Map<string, Node<E>>();
  private probationBytes = 0;
  private protectedBytes = 0;
  private inflight = new Map<string, { promise: Promise<E | undefined>; areas: readonly Area[] }>();
  /** Bumped by every eviction of an area: a render that saw an older value must not be stored. */
  private epochs = new Map<Area, number>(AREAS.map((a) => [a, 0]));
  private allEpoch = 0;
  readonly stats: PageStoreStats = { entries: 0, bytes: 0, hits: 0, misses: 0, renders: 0, evictions: 0 };
  private readonly maxBytes: number;
  private readonly maxProtected: number;

  constructor(options: PageStoreOptions) {
    this.maxBytes = Math.max(0, options.maxBytes);
    this.maxProtected = Math.floor(this.maxBytes * (options.protectedShare ?? 0.8));
  }

  /** The entry for key if stored, without counting a hit or moving it. */
  peek(key: string): E | undefined {
    return (this.protectedSeg.get(key) ?? this.probation.get(key))?.entry;
  }

  get(key: string): E | undefined {
    const inProtected = this.protectedSeg.get(key);
    if (inProtected) {
      this.protectedSeg.delete(key);
      this.protectedSeg.set(key, inProtected);
      this.stats.hits++;
      return inProtected.entry;
    }
    const onProbation = this.probation.get(key);
    if (!onProbation) return undefined;
    this.stats.hits++;
    // Second use: promote.
    this.probation.delete(key);
    this.probationBytes -= onProbation.entry.size;
    onProbation.protected = true;
    this.protectedSeg.set(key, onProbation);
    this.protectedBytes += onProbation.entry.size;
    this.shrinkProtected();
    return onProbation.entry;
  }

  /**
   * The entry for key, rendering it once however many ask at the same time. `render` resolves to the entry to
   * keep, or undefined for a response that must not be kept (its caller handles that). A render overtaken by
   * an eviction of one of its areas is handed to the callers already waiting but not stored.
   */
  async getOrRender(
    key: string,
    areas: readonly Area[],
    render: () => Promise<E | undefined>,
  ): Promise<{ entry: E | undefined; rendered: boolean }> {
    const cached = this.get(key);
    if (cached) return { entry: cached, rendered: false };
    const pending = this.inflight.get(key);
    if (pending) {
      this.stats.hits++;
      return { entry: await pending.promise, rendered: false };
    }
    this.stats.misses++;
    const seen = this.epochsOf(areas);
    const promise = (async () => {
      this.stats.renders++;
      const entry = await render();
      if (entry && this.epochsOf(areas) === seen) this.set(entry);
      return entry;
    })();
    const slot = { promise, areas };
    this.inflight.set(key, slot);
    try {
      return { entry: await promise, rendered: true };
    } finally {
      if (this.inflight.get(key) === slot) this.inflight.delete(key);
    }
  }

  set(entry: E): void {
    this.delete(entry.key);
    if (entry.size > this.maxBytes / 8) return;
    this.probation.set(entry.key, { entry, protected: false });
    this.probationBytes += entry.size;
    this.stats.entries++;
    this.stats.bytes += entry.size;
    this.shrink();
  }

  /**
   * Puts `next` in the place of `current` (same key, same segment and position), if `current` is still the
   * stored entry: a page evicted or rendered again meanwhile is left as it is.
   */
  replace(current: E, next: E): boolean {
    const node = this.protectedSeg.get(current.key) ?? this.probation.get(current.key);
    if (!node || node.entry !== current || next.key !== current.key) return false;
    const change = next.size - current.size;
    node.entry = next;
    if (node.protected) this.protectedBytes += change;
    else this.probationBytes += change;
    this.stats.bytes += change;
    if (node.protected) this.shrinkProtected();
    this.shrink();
    return true;
  }

  delete(key: string): boolean {
    const node = this.protectedSeg.get(key) ?? this.probation.get(key);
    if (!node) return false;
    if (node.protected) {
      this.protectedSeg.delete(key);
      this.protectedBytes -= node.entry.size;
    } else {
      this.probation.delete(key);
      this.probationBytes -= node.entry.size;
    }
    this.stats.entries--;
    this.stats.bytes -= node.entry.size;
    return true;
  }

  /** Drops every entry (and in-flight render) that depends on one of the areas. Returns how many went. */
  evictAreas(areas: readonly Area[]): number {
    if (areas.length === 0) return 0;
    for (const area of areas) this.epochs.set(area, (this.epochs.get(area) ?? 0) + 1);
    const hit = (e: { areas: readonly Area[] }) => e.areas.some((a) => areas.includes(a));
    let n = 0;
    for (const seg of [this.probation, this.protectedSeg])
      for (const [key, node] of seg)
        if (hit(node.entry)) {
          this.delete(key);
          n++;
        }
    // Later requests must not join a render that may have read the old state.
    for (const [key, slot] of this.inflight) if (hit(slot)) this.inflight.delete(key);
    this.stats.evictions += n;
    return n;
  }

  /** Drops everything: settings feed every page, and a reconnected bus may have missed events. */
  clear(): number {
    const n = this.stats.entries;
    this.allEpoch++;
    this.probation.clear();
    this.protectedSeg.clear();
    this.inflight.clear();
    this.probationBytes = this.protectedBytes = 0;
    this.stats.entries = 0;
    this.stats.bytes = 0;
    this.stats.evictions += n;
    return n;
  }

  keys(): string[] {
    return [...this.probation.keys(), ...this.protectedSeg.keys()];
  }

  private epochsOf(areas: readonly Area[]): string {
    return `${this.allEpoch}:${areas.map((a) => this.epochs.get(a)).join(",")}`;
  }

  private shrinkProtected(): void {
    // Protected overflow goes back to probation's most recent end (it gets one more chance there).
    for (const [key, node] of this.protectedSeg) {
      if (this.protectedBytes <= this.maxProtected) break;
      this.protectedSeg.delete(key);
      this.protectedBytes -= node.entry.size;
      node.protected = false;
      this.probation.set(key, node);
      this.probationBytes += node.entry.size;
    }
    this.shrink();
  }

  private shrink(): void {
    for (const seg of [this.probation, this.protectedSeg])
      for (const key of seg.keys()) {
        if (this.probationBytes + this.protectedBytes <= this.maxBytes) return;
        this.delete(key);
        this.stats.evictions++;
      }
  }
}
