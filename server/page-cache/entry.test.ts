import { createHash } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { buildEntry, inlineScriptSources, matchesEtag, mayKeep, pickBody, recompressed } from "./entry";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;

describe("page entries", () => {
  const html = (nonce: string) =>
    `<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script>` +
    `<script type="application/ld+json">{"@type":"Person"}</script>` +
    `<script nonce="${nonce}" type="module" async="">import("/assets/x.js")</script>` +
    `<script src="/assets/y.js" nonce="${nonce}"></script></head><body>${"<p>painting</p>".repeat(50)}</body></html>`;

  it("allows exactly the page's inline scripts by hash, and drops the render's nonce", async () => {
    const entry = await buildEntry({
      key: "/",
      areas: ["catalog"],
      status: 200,
      headers: new Headers({ "content-type": "text/html; charset=utf-8", "x-request-id": "r1" }),
      body: Buffer.from(html("N0NCE")),
      nonce: "N0NCE",
    });
    expect(entry.identity.toString()).not.toContain("N0NCE");
    expect(entry.scriptSources).toBe(`${sha("window.a=1")} ${sha('import("/assets/x.js")')}`);
    expect(brotliDecompressSync(entry.br!).equals(entry.identity)).toBe(true);
    expect(gunzipSync(entry.gzip!).equals(entry.identity)).toBe(true);
    expect(entry.headers).toEqual([["content-type", "text/html; charset=utf-8"]]);
    expect(entry.etag).toMatch(/^W\/"[\w-]{27}"$/);
  });

  it("two renders of the same page with different nonces are the same entry (same ETag)", async () => {
    const make = (nonce: string) =>
      buildEntry({
        key: "/",
        areas: [],
        status: 200,
        headers: new Headers({ "content-type": "text/html" }),
        body: Buffer.from(html(nonce)),
        nonce,
      });
    expect((await make("a1")).etag).toBe((await make("b2")).etag);
  });

  it("is compressed quickly when stored, and at the maximum when asked: the same page, the same ETag, smaller", async () => {
    const body = Buffer.from(
      Array.from({ length: 400 }, (_, i) => `<li class="card">Work ${i * 7919} in oil</li>`).join(""),
    );
    const quick = await buildEntry({
      key: "/gallery",
      areas: ["catalog"],
      status: 200,
      headers: new Headers({ "content-type": "text/html" }),
      body,
      nonce: "n",
    });
    expect(quick.compression).toBe("quick");
    const best = await recompressed(quick);
    expect(best.compression).toBe("best");
    expect([best.etag, best.key, best.identity]).toEqual([quick.etag, quick.key, quick.identity]);
    expect(brotliDecompressSync(best.br!).equals(body)).toBe(true);
    expect(gunzipSync(best.gzip!).equals(body)).toBe(true);
    expect(best.br!.length).toBeLessThan(quick.br!.length);
    expect(best.size).toBe(
      quick.size - (quick.br!.length - best.br!.length) - (quick.gzip!.length - best.gzip!.length),
    );
    expect(await recompressed(best)).toBe(best);
  });

  it("keeps a page and a missing page (200, 404) that set no cookie and are not private; shares a redirect or an error", () => {
    const ok = new Headers({ "content-type": "text/html" });
    expect(mayKeep(200, ok)).toEqual({ keep: true });
    // A link to an archived or deleted work, shared widely, is asked for as often as any page.
    expect(mayKeep(404, ok)).toEqual({ keep: true });
    // Nobody's either, but not for later visitors: only those waiting for the render get it.
    expect(mayKeep(301, ok)).toMatchObject({ keep: false, share: true });
    expect(mayKeep(500, ok)).toMatchObject({ keep: false, share: true });
    // One visitor's: kept by nobody, given to nobody else.
    const personal: Record<string, string>[] = [
      { "set-cookie": "a=b" },
      { "cache-control": "private, max-age=0" },
      { "cache-control": "no-store" },
      { vary: "Cookie" },
    ];
    for (const headers of personal)
      for (const status of [200, 404, 302])
        expect(mayKeep(status, new Headers(headers)), JSON.stringify(headers)).toMatchObject({
          keep: false,
          share: false,
        });
  });

  it("sends the encoding the client takes, and matches ETags weakly", async () => {
    const entry = await buildEntry({
      key: "/sitemap.xml",
      areas: [],
      status: 200,
      headers: new Headers({ "content-type": "application/xml" }),
      body: Buffer.from("<urlset>" + "<url/>".repeat(200) + "</urlset>"),
      nonce: "n",
    });
    expect(pickBody(entry, "gzip, deflate, br, zstd").encoding).toBe("br");
    expect(pickBody(entry, "gzip").encoding).toBe("gzip");
    expect(pickBody(entry, "br;q=0, gzip").encoding).toBe("gzip");
    expect(pickBody(entry, undefined).encoding).toBeUndefined();
    expect(matchesEtag(entry.etag, entry.etag)).toBe(true);
    expect(matchesEtag(`"x", ${entry.etag.slice(2)}`, entry.etag)).toBe(true);
    expect(matchesEtag(`W/"other"`, entry.etag)).toBe(false);
    expect(inlineScriptSources("<script src=/a.js></script>")).toEqual([]);
  });
});
