import { describe, expect, it } from "vitest";
import { carriesFiles, SMALL_FORM_BYTES, UPLOADS_AT_ONCE, withUploadSlot } from "./upload-gate.server";

describe("the upload gate", () => {
  it("reads at most UPLOADS_AT_ONCE bodies at once, and frees a slot when a read ends or fails", async () => {
    const releases: (() => void)[] = [];
    const held = Array.from({ length: UPLOADS_AT_ONCE }, (_, i) =>
      withUploadSlot(`198.51.100.${i}`, () => new Promise<string>((resolve) => releases.push(() => resolve("read")))),
    );
    expect(await withUploadSlot("203.0.113.9", () => Promise.resolve("one more"))).toEqual({ busy: true });
    releases.shift()!();
    expect(await held[0]).toEqual({ busy: false, value: "read" });
    await expect(withUploadSlot("203.0.113.9", () => Promise.reject(new Error("bad body")))).rejects.toThrow(
      "bad body",
    );
    expect(await withUploadSlot("203.0.113.9", () => Promise.resolve("now"))).toEqual({ busy: false, value: "now" });
    for (const release of releases) release();
    await Promise.all(held);
  });

  it("reads one upload at a time from one address, leaving the other slots to everyone else", async () => {
    let release = () => {};
    const slow = withUploadSlot("198.51.100.7", () => new Promise<string>((resolve) => (release = () => resolve("a"))));
    expect(await withUploadSlot("198.51.100.7", () => Promise.resolve("second"))).toEqual({ busy: true });
    expect(await withUploadSlot("198.51.100.8", () => Promise.resolve("other"))).toEqual({
      busy: false,
      value: "other",
    });
    release();
    expect(await slow).toEqual({ busy: false, value: "a" });
    expect(await withUploadSlot("198.51.100.7", () => Promise.resolve("again"))).toEqual({
      busy: false,
      value: "again",
    });
  });

  it("treats a body above a few KB as an upload", () => {
    const request = (length: number) =>
      new Request("http://x/commissions", { method: "POST", headers: { "content-length": String(length) } });
    expect(carriesFiles(request(2_000))).toBe(false);
    expect(carriesFiles(request(SMALL_FORM_BYTES + 1))).toBe(true);
  });
});
