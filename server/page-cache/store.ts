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

/** What one render made: the entry, and whether it may be stored for later visitors too. */
export interface Rendering<E> {
  entry: E;
  keep: boolean;
}

interface Node<E extends CachedPage> {
  entry: E;
  protected: boolean;
}

/** One segment of the LRU: its nodes, least recently used first, and the bytes they hold. */
interface Segment<E extends CachedPage> {
  nodes: Map<string, Node<E>>;
  bytes: number;
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
  private probation: Segment<E> = { nodes: new Map(), bytes: 0 };
  private protectedSeg: Segment<E> = { nodes: new Map(), bytes: 0 };
  private inflight = new Map<string, { promise: Promise<Rendering<E> | undefined>; areas: readonly Area[] }>();
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
    return this.nodeOf(key)?.entry;
  }

  get(key: string): E | undefined {
    const node = this.nodeOf(key);
    if (!node) return undefined;
    this.stats.hits++;
    // It becomes the protected segment's most recent entry: a second use promotes an entry on probation.
    const promoted = !node.protected;
    this.moveTo(this.protectedSeg, key, node);
    if (promoted) this.shrinkProtected();
    return node.entry;
  }

  /**
   * The entry for key, rendering it once however many ask at the same time. `render` resolves to the entry and
   * whether it may be kept, or to undefined for a response that is its caller's alone (the caller sends it, and
   * each request that waited renders its own). An entry not to be kept (a redirect, an error) is handed to the
   * requests that waited for it, not each rendered again, but not stored; nor is a render overtaken by an
   * eviction of one of its areas (it is still handed to those already waiting).
   */
  async getOrRender(
    key: string,
    areas: readonly Area[],
    render: () => Promise<Rendering<E> | undefined>,
  ): Promise<{ rendering: Rendering<E> | undefined; rendered: boolean }> {
    const cached = this.get(key);
    if (cached) return { rendering: { entry: cached, keep: true }, rendered: false };
    const pending = this.inflight.get(key);
    if (pending) {
      this.stats.hits++;
      return { rendering: await pending.promise, rendered: false };
    }
    this.stats.misses++;
    const seen = this.epochsOf(areas);
    const promise = (async () => {
      this.stats.renders++;
      const rendering = await render();
      if (rendering?.keep && this.epochsOf(areas) === seen) this.set(rendering.entry);
      return rendering;
    })();
    const slot = { promise, areas };
    this.inflight.set(key, slot);
    try {
      return { rendering: await promise, rendered: true };
    } finally {
      if (this.inflight.get(key) === slot) this.inflight.delete(key);
    }
  }

  set(entry: E): void {
    this.delete(entry.key);
    if (entry.size > this.maxBytes / 8) return;
    this.probation.nodes.set(entry.key, { entry, protected: false });
    this.probation.bytes += entry.size;
    this.stats.entries++;
    this.stats.bytes += entry.size;
    this.shrink();
  }

  /**
   * Puts `next` in the place of `current` (same key, same segment and position), if `current` is still the
   * stored entry: a page evicted or rendered again meanwhile is left as it is.
   */
  replace(current: E, next: E): boolean {
    const node = this.nodeOf(current.key);
    if (!node || node.entry !== current || next.key !== current.key) return false;
    const change = next.size - current.size;
    node.entry = next;
    this.segmentOf(node).bytes += change;
    this.stats.bytes += change;
    if (node.protected) this.shrinkProtected();
    this.shrink();
    return true;
  }

  delete(key: string): boolean {
    const node = this.nodeOf(key);
    if (!node) return false;
    const segment = this.segmentOf(node);
    segment.nodes.delete(key);
    segment.bytes -= node.entry.size;
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
    for (const segment of [this.probation, this.protectedSeg])
      for (const [key, node] of segment.nodes)
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
    for (const segment of [this.probation, this.protectedSeg]) {
      segment.nodes.clear();
      segment.bytes = 0;
    }
    this.inflight.clear();
    this.stats.entries = 0;
    this.stats.bytes = 0;
    this.stats.evictions += n;
    return n;
  }

  keys(): string[] {
    return [...this.probation.nodes.keys(), ...this.protectedSeg.nodes.keys()];
  }

  private nodeOf(key: string): Node<E> | undefined {
    return this.protectedSeg.nodes.get(key) ?? this.probation.nodes.get(key);
  }

  private segmentOf(node: Node<E>): Segment<E> {
    return node.protected ? this.protectedSeg : this.probation;
  }

  /** Moves a stored node to the most recent end of `to` (the segment it is in, or the other one). */
  private moveTo(to: Segment<E>, key: string, node: Node<E>): void {
    const from = this.segmentOf(node);
    from.nodes.delete(key);
    from.bytes -= node.entry.size;
    node.protected = to === this.protectedSeg;
    to.nodes.set(key, node);
    to.bytes += node.entry.size;
  }

  private epochsOf(areas: readonly Area[]): string {
    return `${this.allEpoch}:${areas.map((a) => this.epochs.get(a)).join(",")}`;
  }

  private shrinkProtected(): void {
    // Protected overflow goes back to probation's most recent end (it gets one more chance there).
    for (const [key, node] of this.protectedSeg.nodes) {
      if (this.protectedSeg.bytes <= this.maxProtected) break;
      this.moveTo(this.probation, key, node);
    }
    this.shrink();
  }

  private shrink(): void {
    for (const segment of [this.probation, this.protectedSeg])
      for (const key of segment.nodes.keys()) {
        if (this.probation.bytes + this.protectedSeg.bytes <= this.maxBytes) return;
        this.delete(key);
        this.stats.evictions++;
      }
  }
}
