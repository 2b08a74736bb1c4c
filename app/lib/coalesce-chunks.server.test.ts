import { describe, expect, it } from "vitest";
import { coalesceChunks } from "./coalesce-chunks.server";

const collect = (stream: NodeJS.ReadableStream) =>
  new Promise<Buffer[]>((resolve) => {
    const out: Buffer[] = [];
    stream.on("data", (c: Buffer) => out.push(c));
    stream.on("end", () => resolve(out));
  });

describe("coalesceChunks", () => {
  it("sends what is written in one turn as one chunk, byte for byte", async () => {
    const stream = coalesceChunks();
    const chunks = collect(stream);
    const parts = Array.from({ length: 50 }, (_, i) => Buffer.from(`<p>${i} é</p>`));
    for (const part of parts) stream.write(part);
    stream.end();
    const out = await chunks;
    expect(out).toHaveLength(1);
    expect(Buffer.concat(out).equals(Buffer.concat(parts))).toBe(true);
  });

  it("keeps streaming: a write in a later turn is a chunk of its own, sent before the stream ends", async () => {
    const stream = coalesceChunks();
    const seen: string[] = [];
    stream.on("data", (c: Buffer) => seen.push(c.toString()));
    stream.write("<html>");
    stream.write("<body>shell");
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(["<html><body>shell"]);
    stream.write("<template>more works</template>");
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual(["<html><body>shell", "<template>more works</template>"]);
    stream.end("</html>");
    await new Promise((r) => stream.on("end", r));
    expect(seen.join("")).toBe("<html><body>shell<template>more works</template></html>");
  });
});
