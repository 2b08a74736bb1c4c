import { describe, expect, it } from "vitest";
import { MediaError } from "./pipeline.server";
import { readUploadBody } from "./upload.server";

function streamOf(chunks: number[], onPull?: () => void): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream(
    {
      pull(controller) {
        onPull?.();
        if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]!));
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
}

describe("readUploadBody", () => {
  it("reads a body under the limit", async () => {
    const bytes = await readUploadBody(streamOf([3, 4]), 7, 10);
    expect(bytes.length).toBe(7);
  });

  it("refuses a declared length over the limit without reading", async () => {
    let pulls = 0;
    await expect(
      readUploadBody(
        streamOf([5], () => pulls++),
        11,
        10,
      ),
    ).rejects.toMatchObject({ code: "too_large" });
    expect(pulls).toBe(0);
  });

  it("stops reading once an undeclared body passes the limit", async () => {
    let pulls = 0;
    const chunks = Array.from({ length: 100 }, () => 4);
    const error = await readUploadBody(
      streamOf(chunks, () => pulls++),
      undefined,
      10,
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MediaError);
    expect((error as MediaError).code).toBe("too_large");
    expect(pulls).toBeLessThan(10);
  });

  it("refuses an empty body", async () => {
    await expect(readUploadBody(streamOf([]), 0, 10)).rejects.toMatchObject({ code: "empty" });
    await expect(readUploadBody(null, undefined, 10)).rejects.toMatchObject({ code: "empty" });
  });
});
