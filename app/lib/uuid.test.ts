import { describe, expect, it, vi } from "vitest";
import { isUuid, uuidv7 } from "./uuid";

describe("uuidv7", () => {
  it("is a version 7, variant 10 UUID", () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect(["8", "9", "a", "b"]).toContain(id[19]);
  });

  it("sorts in creation order, also for ids made within the same millisecond", () => {
    const ids = Array.from({ length: 10_000 }, () => uuidv7());
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("starts with the creation time in milliseconds", async () => {
    // The module keeps the last time it stamped, so that ids sort even when the clock steps back. Test files share
    // one process (vitest.config.ts, isolate: false), and one that ran a fake clock 90 s ahead left that floor
    // behind: a fresh copy of the module stamps what this test's clock says.
    vi.resetModules();
    const fresh = await import("./uuid");
    const before = Date.now();
    const id = fresh.uuidv7();
    const ms = parseInt(id.replace(/-/g, "").slice(0, 12), 16);
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now() + 1);
  });

  it("keeps sorting when the clock steps back", async () => {
    vi.resetModules();
    const fresh = await import("./uuid");
    vi.useFakeTimers({ now: Date.now() + 90_000 });
    const ahead = fresh.uuidv7();
    vi.useRealTimers();
    expect(fresh.uuidv7() > ahead).toBe(true);
  });
});
