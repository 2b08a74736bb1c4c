import { describe, expect, it } from "vitest";
import { DEDUPE_MAX_ENTRIES, DEDUPE_TTL_MS, DuplicateEventCache } from "./dedupe-cache";

describe("the duplicate-event cache (spec §9: 1,000 entries, 5 s)", () => {
  it("has the spec's limits", () => {
    expect(DEDUPE_MAX_ENTRIES).toBe(1000);
    expect(DEDUPE_TTL_MS).toBe(5000);
  });

  it("drops an event seen again within 5 s and lets it through after", () => {
    let now = 1_000_000;
    const cache = new DuplicateEventCache(1000, 5000, () => now);
    expect(cache.firstSeen("a")).toBe(true);
    now += 4_999;
    expect(cache.firstSeen("a")).toBe(false);
    expect(cache.firstSeen("b")).toBe(true);
    now += 1;
    expect(cache.firstSeen("a")).toBe(true);
  });

  it("keeps at most 1,000 keys, forgetting the oldest first", () => {
    const now = 0;
    const cache = new DuplicateEventCache(1000, 5000, () => now);
    for (let i = 0; i < 1001; i++) expect(cache.firstSeen(`e${i}`)).toBe(true);
    expect(cache.size).toBe(1000);
    // The first key was pushed out; the newest is still known.
    expect(cache.firstSeen("e1000")).toBe(false);
    expect(cache.firstSeen("e0")).toBe(true);
  });

  it("forgets expired keys as time passes", () => {
    let now = 0;
    const cache = new DuplicateEventCache(1000, 5000, () => now);
    for (let i = 0; i < 10; i++) cache.firstSeen(`e${i}`);
    now = 6000;
    cache.firstSeen("later");
    expect(cache.size).toBe(1);
  });
});
