import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderedCompression } from "./rendered-compression";

// A page-like body: repetitive markup with some variety, large enough for the quality to matter.
const page = Array.from(
  { length: 400 },
  (_, i) => `<li class="card card-${i % 7}"><a href="/artwork/${(i * 7919).toString(16)}">Work ${i}</a></li>`,
).join("\n");

describe("renderedCompression", () => {
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    const app = express();
    app.use(renderedCompression());
    app.get("/page", (_req, res) => {
      res.type("html").end(page);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });

  afterAll(() => close());

  const get = (path: string, acceptEncoding: string) =>
    new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
      request(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ encoding: res.headers["content-encoding"], body: Buffer.concat(chunks) }));
      })
        .on("error", reject)
        .end();
    });

  it("sends a rendered page as brotli quality 3 with a 256 KB window (chosen by measurement, docs/benchmarks.md)", async () => {
    const res = await get("/page", "gzip, deflate, br, zstd");
    expect(res.encoding).toBe("br");
    expect(brotliDecompressSync(res.body).toString()).toBe(page);
    const q3 = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18 },
    });
    const q4 = brotliCompressSync(page, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_LGWIN]: 18 },
    });
    expect(q3.equals(q4)).toBe(false);
    expect(res.body.equals(q3)).toBe(true);
  });

  it("falls back to gzip for a client without brotli", async () => {
    const res = await get("/page", "gzip");
    expect(res.encoding).toBe("gzip");
  });
});
