import { describe, expect, it } from "vitest";
import { carriesFiles, SMALL_FORM_BYTES, UPLOADS_AT_ONCE, withUploadSlot } from "./upload-gate.server";

describe("the upload gate", () => {
  it("reads at most UPLOADS_AT_ONCE bodies at once, and frees a slot when a read ends or fails", async () => {
    const releases: (() => void)[] = [];
    const held = Array.from({ length: UPLOADS_AT_ONCE }, () =>
      withUploadSlot(() => new Promise<string>((resolve) => releases.push(() => resolve("read")))),
    );
    expect(await withUploadSlot(() => Promise.resolve("one more"))).toEqual({ busy: true });
    releases.shift()!();
    expect(await held[0]).toEqual({ busy: false, value: "read" });
    await expect(withUploadSlot(() => Promise.reject(new Error("bad body")))).rejects.toThrow("bad body");
    expect(await withUploadSlot(() => Promise.resolve("now"))).toEqual({ busy: false, value: "now" });
    for (const release of releases) release();
    await Promise.all(held);
  });

  it("treats a body above a few KB as an upload", () => {
    const request = (length: number) =>
      new Request("http://x/commissions", { method: "POST", headers: { "content-length": String(length) } });
    expect(carriesFiles(request(2_000))).toBe(false);
    expect(carriesFiles(request(SMALL_FORM_BYTES + 1))).toBe(true);
  });
});
