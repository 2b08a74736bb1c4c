import { describe, expect, it } from "vitest";
import { PageStore, type Area, type CachedPage } from "./store";

interface Page extends CachedPage {
  body: string;
}
const page = (key: string, size = 100, areas: Area[] = ["catalog"]): Page => ({ key, size, areas, body: key });

describe("PageStore", () => {
  it("renders 50 concurrent misses for one key once, and answers every caller with that render", async () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    let renders = 0;
    const results = await Promise.all(
      Array.from({ length: 50 }, () =>
        store.getOrRender("/gallery", ["catalog"], async () => {
          renders++;
          await new Promise((r) => setTimeout(r, 20));
          return { entry: page("/gallery"), keep: true };
        }),
      ),
    );
    expect(renders).toBe(1);
    expect(results.filter((r) => r.rendered)).toHaveLength(1);
    expect(new Set(results.map((r) => r.rendering?.entry))).toEqual(new Set([results[0]!.rendering?.entry]));
    expect(store.get("/gallery")?.body).toBe("/gallery");
  });

  it("peek finds an entry without counting a hit or keeping it from eviction", () => {
    const store = new PageStore<Page>({ maxBytes: 1000 });
    store.set(page("/", 100));
    expect(store.peek("/")?.body).toBe("/");
    expect(store.peek("/shop")).toBeUndefined();
    expect(store.stats.hits).toBe(0);
    // Still on probation: a flood of new keys pushes it out, as it would a page nobody asked for again.
    for (let i = 0; i < 20; i++) store.set(page(`/gallery?q=${i}`, 100));
    expect(store.peek("/")).toBeUndefined();
  });

  it("replaces an entry in its place with a smaller one, unless it was evicted or stored again meanwhile", () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    const first = page("/", 300);
    store.set(first);
    store.get("/");
    const smaller = { ...page("/", 120), body: "smaller" };
    expect(store.replace(first, smaller)).toBe(true);
    expect(store.peek("/")).toBe(smaller);
    expect(store.stats.bytes).toBe(120);
    // The stored entry is no longer `first`: nothing happens.
    expect(store.replace(first, page("/", 50))).toBe(false);
    store.evictAreas(["catalog"]);
    expect(store.replace(smaller, page("/", 50))).toBe(false);
    expect(store.peek("/")).toBeUndefined();
    expect(store.stats.bytes).toBe(0);
  });

  it("keeps no more bytes than its bound, dropping the least recently used first", () => {
    const store = new PageStore<Page>({ maxBytes: 1000 });
    for (let i = 0; i < 20; i++) store.set(page(`/p${i}`, 100));
    expect(store.stats.bytes).toBeLessThanOrEqual(1000);
    expect(store.get("/p0")).toBeUndefined();
    expect(store.get("/p19")).toBeDefined();
  });

  it("a flood of one-off keys does not push out a page visitors keep asking for", () => {
    const store = new PageStore<Page>({ maxBytes: 1000 });
    store.set(page("/", 100));
    store.get("/"); // a second visitor: protected from now on
    for (let i = 0; i < 500; i++) store.set(page(`/gallery?q=${i}`, 100));
    expect(store.get("/")?.body).toBe("/");
    expect(store.stats.bytes).toBeLessThanOrEqual(1000);
  });

  it("an event evicts exactly the pages of its areas", () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    store.set(page("/gallery", 100, ["catalog"]));
    store.set(page("/blog", 100, ["blog"]));
    store.set(page("/about", 100, ["about", "catalog"]));
    expect(store.evictAreas(["catalog"])).toBe(2);
    expect(store.keys()).toEqual(["/blog"]);
    expect(store.clear()).toBe(1);
    expect(store.keys()).toEqual([]);
  });

  it("a render overtaken by an eviction of its area is handed out but not kept, and new requests render afresh", async () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let renders = 0;
    const stale = store.getOrRender("/shop", ["catalog"], async () => {
      renders++;
      await gate;
      return { entry: { ...page("/shop"), body: "old" }, keep: true };
    });
    await Promise.resolve();
    store.evictAreas(["catalog"]); // a sale committed while the page was being rendered
    const fresh = store.getOrRender("/shop", ["catalog"], () => {
      renders++;
      return Promise.resolve({ entry: { ...page("/shop"), body: "new" }, keep: true });
    });
    release();
    expect((await stale).rendering?.entry.body).toBe("old");
    expect((await fresh).rendering?.entry.body).toBe("new");
    expect(renders).toBe(2);
    expect(store.get("/shop")?.body).toBe("new");
  });

  it("a render that may not be kept is not stored", async () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    const result = await store.getOrRender("/artwork/x", ["catalog"], () => Promise.resolve(undefined));
    expect(result).toEqual({ rendering: undefined, rendered: true });
    const redirect = { entry: page("/og/artwork/x.jpg"), keep: false };
    const shared = await store.getOrRender("/og/artwork/x.jpg", ["catalog"], () => Promise.resolve(redirect));
    expect(shared).toEqual({ rendering: redirect, rendered: true });
    expect(store.keys()).toEqual([]);
  });

  it("50 requests waiting on a render that is not kept (a redirect, an error) are answered from it, not each rendering again", async () => {
    const store = new PageStore<Page>({ maxBytes: 10_000 });
    let renders = 0;
    const ask = () =>
      store.getOrRender("/gallery?page=2", ["catalog"], async () => {
        renders++;
        await new Promise((r) => setTimeout(r, 20));
        return { entry: { ...page("/gallery?page=2"), body: `error ${renders}` }, keep: false };
      });
    const results = await Promise.all(Array.from({ length: 50 }, ask));
    expect(renders).toBe(1);
    expect(results.filter((r) => r.rendered)).toHaveLength(1);
    expect(new Set(results.map((r) => r.rendering?.entry.body))).toEqual(new Set(["error 1"]));
    expect(results.every((r) => r.rendering?.keep === false)).toBe(true);
    // Not kept: the next request renders again (the error may have passed).
    expect(store.peek("/gallery?page=2")).toBeUndefined();
    expect((await ask()).rendered).toBe(true);
    expect(renders).toBe(2);
  });
});
