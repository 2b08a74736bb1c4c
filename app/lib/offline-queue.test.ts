import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  afterFailure,
  appendOperations,
  applyQueued,
  OFFLINE_MAX_RETRIES,
  OFFLINE_QUEUE_KEY,
  OFFLINE_QUEUE_MAX,
  OfflineQueueFullError,
  parseQueue,
  queuedOrder,
  reorderOperations,
  queueOperations,
  readQueue,
  replayQueue,
  type NewOperation,
  type QueuedOperation,
} from "./offline-queue";
import { revalidateUnlessQueued } from "./offline-revalidate";

const update = (id: string, data: Record<string, string | number | boolean>, table = "artworks"): NewOperation => ({
  type: "update",
  table,
  data: { id, ...data },
});

let n = 0;
const newId = () => `op-${++n}`;

describe("queueing (spec §3, §9: at most 100)", () => {
  it("fills in id, timestamp, retries and maxRetries, in order", () => {
    const queue = appendOperations(
      [],
      [update("a", { is_featured: true }), update("b", { is_featured: false })],
      42,
      newId,
    );
    expect(queue).toHaveLength(2);
    expect(queue[0]).toMatchObject({
      type: "update",
      table: "artworks",
      data: { id: "a", is_featured: true },
      timestamp: 42,
      retries: 0,
      maxRetries: OFFLINE_MAX_RETRIES,
    });
    expect(queue.map((op) => op.data.id)).toEqual(["a", "b"]);
    expect(new Set(queue.map((op) => op.id)).size).toBe(2);
  });

  it("refuses what would pass 100, all or nothing", () => {
    const full = appendOperations(
      [],
      Array.from({ length: OFFLINE_QUEUE_MAX - 1 }, (_, i) => update(`w${i}`, { is_featured: true })),
      1,
      newId,
    );
    expect(appendOperations(full, [update("last", { is_featured: true })], 2, newId)).toHaveLength(OFFLINE_QUEUE_MAX);
    expect(() =>
      appendOperations(full, [update("x", { is_featured: true }), update("y", { is_featured: true })], 2, newId),
    ).toThrow(OfflineQueueFullError);
  });
});

describe("retries (spec §8: retried up to maxRetries, then dropped)", () => {
  it("counts a failure and gives up at maxRetries", () => {
    const [op] = appendOperations([], [update("a", { is_featured: true })], 1, newId);
    let current: QueuedOperation | undefined = op;
    const seen: number[] = [];
    while (current) {
      seen.push(current.retries);
      current = afterFailure(current);
    }
    expect(seen).toEqual([0, 1, 2]);
  });
});

describe("reading the stored queue", () => {
  it("keeps only well-formed operations and survives garbage", () => {
    expect(parseQueue(null)).toEqual([]);
    expect(parseQueue("{not json")).toEqual([]);
    expect(parseQueue(JSON.stringify({ id: "x" }))).toEqual([]);
    const good = appendOperations([], [update("a", { is_featured: true })], 1, newId)[0]!;
    const stored = JSON.stringify([good, { ...good, type: "drop" }, { ...good, data: [1] }, null, "x"]);
    expect(parseQueue(stored)).toEqual([good]);
  });
});

describe("showing queued changes", () => {
  const rows = [
    { id: "a", isFeatured: false, availability: "available" },
    { id: "b", isFeatured: true, availability: "available" },
  ];
  const queue = appendOperations(
    [],
    [
      update("a", { is_featured: true }),
      update("b", { availability: "sold" }),
      update("a", { is_featured: false }),
      update("b", { is_published: true }, "homepage_sections"),
    ],
    1,
    newId,
  );

  it("applies updates over the rows, the newest last, only for the table named", () => {
    expect(applyQueued(rows, queue, "artworks", { is_featured: "isFeatured", availability: "availability" })).toEqual([
      { id: "a", isFeatured: false, availability: "available" },
      { id: "b", isFeatured: true, availability: "sold" },
    ]);
    expect(applyQueued(rows, [], "artworks", { is_featured: "isFeatured" })).toEqual(rows);
  });

  it("hides rows a queued delete removes", () => {
    const deleted = appendOperations([], [{ type: "delete", table: "artworks", data: { id: "a" } }], 1, newId);
    expect(applyQueued(rows, deleted, "artworks", {}).map((r) => r.id)).toEqual(["b"]);
  });

  it("orders by the queued positions of a reorder", () => {
    const reorder = appendOperations(
      [],
      reorderOperations(["c", "a", "b"], "homepage_sections", "section_order"),
      1,
      newId,
    );
    expect(reorder.map((op) => op.data)).toEqual([
      { id: "c", section_order: 0 },
      { id: "a", section_order: 1 },
      { id: "b", section_order: 2 },
    ]);
    expect(queuedOrder(["a", "b", "c"], reorder, "homepage_sections", "section_order")).toEqual(["c", "a", "b"]);
    expect(queuedOrder(["a", "b", "c"], [], "homepage_sections", "section_order")).toEqual(["a", "b", "c"]);
  });

  it("does not reload the page's data for a write that was queued", () => {
    expect(revalidateUnlessQueued({ actionResult: { ok: true, queued: true }, defaultShouldRevalidate: true })).toBe(
      false,
    );
    expect(revalidateUnlessQueued({ actionResult: { ok: true }, defaultShouldRevalidate: true })).toBe(true);
  });
});

describe("replaying on reconnect", () => {
  // The browser's localStorage, in memory (Node has none).
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    Object.assign(globalThis, {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, v),
        removeItem: (k: string) => void store.delete(k),
      },
    });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, "localStorage");
  });

  const json = (status: number, body: object) =>
    new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

  it("sends in order, drops a refused change after its retries, and empties the queue", async () => {
    queueOperations([
      update("a", { is_featured: true }),
      update("b", { is_featured: true }),
      update("c", { is_featured: true }),
    ]);
    expect(JSON.parse(store.get(OFFLINE_QUEUE_KEY)!)).toHaveLength(3);
    const sent: string[] = [];
    const report = await replayQueue((op) => {
      sent.push(String(op.data.id));
      return Promise.resolve(op.data.id === "b" ? json(400, { ok: false, error: "no" }) : json(200, { ok: true }));
    });
    expect(sent).toEqual(["a", "b", "b", "b", "c"]);
    expect(report.landed).toBe(2);
    expect(report.dropped.map((d) => [d.op.data.id, d.reason])).toEqual([["b", "no"]]);
    expect(readQueue()).toEqual([]);
    expect(store.has(OFFLINE_QUEUE_KEY)).toBe(false);
  });

  it("keeps everything when the connection is still gone, and counts a server error", async () => {
    queueOperations([update("a", { is_featured: true }), update("b", { is_featured: true })]);
    const failed = await replayQueue(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(failed).toEqual({ landed: 0, dropped: [] });
    expect(readQueue().map((op) => [op.data.id, op.retries])).toEqual([
      ["a", 0],
      ["b", 0],
    ]);
    const busy = await replayQueue(() => Promise.resolve(json(503, { error: "busy" })));
    expect(busy.landed).toBe(0);
    expect(readQueue().map((op) => [op.data.id, op.retries])).toEqual([
      ["a", 1],
      ["b", 0],
    ]);
  });
});
