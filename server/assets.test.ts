import { request } from "node:http";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { acceptsCoding, assetsHandler } from "./assets";

describe("acceptsCoding", () => {
  it("reads codings, q-values and the wildcard", () => {
    const chrome = "gzip, deflate, br, zstd";
    expect(acceptsCoding(chrome, "br")).toBe(true);
    expect(acceptsCoding(chrome, "gzip")).toBe(true);
    expect(acceptsCoding("gzip", "br")).toBe(false);
    expect(acceptsCoding(undefined, "gzip")).toBe(false);
    expect(acceptsCoding("br;q=0, gzip", "br")).toBe(false);
    expect(acceptsCoding("BR;Q=0.5", "br")).toBe(true);
    expect(acceptsCoding("*", "br")).toBe(true);
    expect(acceptsCoding("*, br;q=0", "br")).toBe(false);
    expect(acceptsCoding("*;q=0", "gzip")).toBe(false);
  });
});

describe("assetsHandler", () => {
  const script = `export const answer = ${JSON.stringify("x".repeat(4000))};\n`;
  let dir: string;
  let base: string;
  let close: () => void;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "atelier-assets-"));
    writeFileSync(join(dir, "app-abc.js"), script);
    writeFileSync(join(dir, "app-abc.js.br"), brotliCompressSync(script));
    writeFileSync(join(dir, "app-abc.js.gz"), gzipSync(script));
    // Written after the build's copies are made (React Router's route manifest): compressed on the fly.
    writeFileSync(join(dir, "manifest-1.js"), script);
    writeFileSync(join(dir, "font.woff2"), Buffer.alloc(3000, 7));
    const app = express();
    app.use("/assets", compression(), assetsHandler(dir));
    app.use((_req, res) => {
      res.status(404).send("fell through");
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/assets`;
    close = () => server.close();
  });

  afterAll(() => {
    close();
    rmSync(dir, { recursive: true, force: true });
  });

  // fetch() would decompress; these requests read the bytes as sent.
  const get = (path: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(`${base}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        });
        req.on("error", reject);
        req.end();
      },
    );

  it("sends the brotli copy to a browser that takes it, with the script's type and lean headers", async () => {
    const res = await get("/app-abc.js", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(res.headers["vary"]).toMatch(/accept-encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["content-security-policy"]).toBeUndefined();
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it("falls back to gzip, then to the plain file", async () => {
    const gz = await get("/app-abc.js", "gzip");
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(script);
    const plain = await get("/app-abc.js", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(plain.body.toString()).toBe(script);
  });

  it("compresses a text asset without a copy on the fly, and leaves fonts alone", async () => {
    const manifest = await get("/manifest-1.js", "gzip, br");
    expect(manifest.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(manifest.body).toString()).toBe(script);
    const font = await get("/font.woff2", "gzip, br");
    expect(font.headers["content-encoding"]).toBeUndefined();
    expect(font.body.length).toBe(3000);
  });

  it("lets an unknown file fall through", async () => {
    const res = await get("/missing.js", "br");
    expect(res.status).toBe(404);
    expect(res.body.toString()).toBe("fell through");
  });
});
