import { afterEach, describe, expect, it, vi } from "vitest";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import {
  CLIENT_DATA,
  cachedLoad,
  fetchWithRetry,
  forgetClientData,
  retainedClientData,
  withRetry,
} from "./client-data";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

describe("the client data cache (spec §9: stale 5 min, retention 10 min, 1 retry)", () => {
  afterEach(() => forgetClientData());

  it("has the spec's figures", () => {
    expect(CLIENT_DATA).toEqual({ staleMs: 300_000, retentionMs: 600_000, retries: 1 });
  });

  it("answers a page from the cache for 5 minutes, then loads it again", async () => {
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await cachedLoad("http://site/gallery?page=2", load, 0)).toBe(1);
    expect(await cachedLoad("http://site/gallery?page=2", load, 299_999)).toBe(1);
    // Another query is another page.
    expect(await cachedLoad("http://site/gallery?page=3", load, 1000)).toBe(2);
    expect(await cachedLoad("http://site/gallery?page=2", load, 300_000)).toBe(3);
  });

  it("keeps a page for 10 minutes, then sweeps it out", async () => {
    const load = () => Promise.resolve("page");
    await cachedLoad("http://site/gallery", load, 0);
    await cachedLoad("http://site/about", load, 1000);
    // Stale after 5 minutes, but still kept: any later load sweeps only what is 10 minutes old.
    await cachedLoad("http://site/shop", load, 599_999);
    expect(retainedClientData().sort()).toEqual(["/about", "/gallery", "/shop"]);
    await cachedLoad("http://site/shop", load, 600_000);
    expect(retainedClientData().sort()).toEqual(["/about", "/shop"]);
    await cachedLoad("http://site/shop", load, 601_000);
    expect(retainedClientData()).toEqual(["/shop"]);
  });

  it("forgets everything after a write", async () => {
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    await cachedLoad("http://site/shop", load, 0);
    forgetClientData();
    expect(await cachedLoad("http://site/shop", load, 10)).toBe(2);
  });

  it("tries a failed load once more, and shows the second failure", async () => {
    let calls = 0;
    const flaky = () => (++calls === 1 ? Promise.reject(new TypeError("Failed to fetch")) : Promise.resolve("ok"));
    expect(await withRetry(flaky)).toBe("ok");
    expect(calls).toBe(2);
    calls = 0;
    const broken = () => {
      calls++;
      return Promise.reject(new TypeError("Failed to fetch"));
    };
    await expect(withRetry(broken)).rejects.toThrow("Failed to fetch");
    expect(calls).toBe(2);
  });

  // A server error is tried once more; an answer (a redirect, a 404) is the page's outcome, never retried.
  it.each([
    { what: "a server error", thrown: new ErrorResponse(500, "Internal Server Error", null), calls: 2 },
    { what: "a redirect", thrown: new Response(null, { status: 302 }), calls: 1 },
    { what: "a 404", thrown: new ErrorResponse(404, "Not Found", null), calls: 1 },
  ])("loads $calls time(s) when the load throws $what, and shows it", async ({ thrown, calls }) => {
    let count = 0;
    const load = async () => {
      count++;
      await Promise.resolve();
      throw thrown;
    };
    await expect(withRetry(load)).rejects.toBe(thrown);
    expect(count).toBe(calls);
  });

  describe("fetchWithRetry", () => {
    let server: Server;
    let answers: number[];
    let url: string;
    afterEach(() => new Promise((r) => server.close(r)));

    async function serve(statuses: number[]) {
      answers = [...statuses];
      server = createServer((_req, res) => {
        res.statusCode = answers.shift() ?? 200;
        res.end("x");
      });
      await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    }

    it("asks again once after a 5xx", async () => {
      await serve([503, 200]);
      expect((await fetchWithRetry(url)).status).toBe(200);
    });

    it("returns the second failure as it is, and never retries a 4xx", async () => {
      await serve([500, 502, 200]);
      expect((await fetchWithRetry(url)).status).toBe(502);
      await new Promise((r) => server.close(r));
      await serve([404, 200]);
      expect((await fetchWithRetry(url)).status).toBe(404);
    });
  });
});

describe("returning to the window (spec §9: no refetch on window focus)", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("refetches nothing: a page stays answered from the cache after focus and visibility changes", async () => {
    // A browser's window and document, so that a focus listener the module might add at load is reached.
    const win = new EventTarget();
    const doc = new EventTarget();
    vi.stubGlobal("window", win);
    vi.stubGlobal("document", doc);
    vi.resetModules();
    const fresh = await import("./client-data");
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await fresh.cachedLoad("http://site/gallery", load, 0)).toBe(1);
    win.dispatchEvent(new Event("blur"));
    win.dispatchEvent(new Event("focus"));
    doc.dispatchEvent(new Event("visibilitychange"));
    expect(fresh.retainedClientData()).toEqual(["/gallery"]);
    expect(await fresh.cachedLoad("http://site/gallery", load, 1000)).toBe(1);
    expect(loads).toBe(1);
  });
});
