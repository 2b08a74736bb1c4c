// Spec §9 "Duplicate-event cache": a realtime event seen twice within 5 s (a reconnect replaying it, two
// processes both delivering it, two paths to one tab) is dropped. At most 1,000 keys are kept; the oldest go
// first.
export const DEDUPE_MAX_ENTRIES = 1000;
export const DEDUPE_TTL_MS = 5000;

export class DuplicateEventCache {
  /** key -> when it stops counting as seen; in insertion order, so the oldest come first. */
  private seen = new Map<string, number>();

  constructor(
    private readonly max = DEDUPE_MAX_ENTRIES,
    private readonly ttlMs = DEDUPE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** True the first time a key arrives within the window; false for a duplicate (drop it). */
  firstSeen(key: string): boolean {
    const now = this.now();
    for (const [k, expires] of this.seen) {
      if (expires > now) break;
      this.seen.delete(k);
    }
    if ((this.seen.get(key) ?? 0) > now) return false;
    this.seen.delete(key);
    this.seen.set(key, now + this.ttlMs);
    while (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }

  get size(): number {
    return this.seen.size;
  }
}
