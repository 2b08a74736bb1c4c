// Pictures held whole while they decode share one budget of memory; those that stream do not wait for it.
import { describe, expect, it } from "vitest";
import {
  decodeBudgetState,
  decodeOriginal,
  MAX_WHOLE_DECODE_BYTES,
  wholeDecodeBytes,
  withinDecodeBudget,
} from "./decode-budget.server";

const MB = 1024 * 1024;

/** A decode that holds its share until `finish` is called; `started` says whether it has begun. */
function heldDecode() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const state = { started: false };
  const run = () => {
    state.started = true;
    return done;
  };
  return { state, finish, run };
}

describe("wholeDecodeBytes", () => {
  it("counts what a decoder holds whole, and nothing for a picture that streams", () => {
    const size = { width: 6000, height: 6000 };
    expect(wholeDecodeBytes({ ...size, format: "heif", channels: 3, depth: "uchar" })).toBe(36e6 * 20);
    expect(wholeDecodeBytes({ ...size, format: "heif", channels: 3, depth: "ushort" })).toBe(36e6 * 26);
    expect(wholeDecodeBytes({ ...size, format: "gif", channels: 4, depth: "uchar" })).toBe(36e6 * 5);
    expect(wholeDecodeBytes({ ...size, format: "jpeg", channels: 3, isProgressive: true })).toBe(36e6 * 6);
    expect(wholeDecodeBytes({ ...size, format: "png", channels: 4, depth: "ushort", isProgressive: true })).toBe(
      36e6 * 8,
    );
    expect(wholeDecodeBytes({ ...size, format: "jpeg", channels: 3 })).toBe(0);
    expect(wholeDecodeBytes({ ...size, format: "png", channels: 4, depth: "uchar" })).toBe(0);
    expect(wholeDecodeBytes({ ...size, format: "webp", channels: 3, depth: "uchar" })).toBe(0);
  });
});

describe("withinDecodeBudget", () => {
  it("lets decodes run together while their shares fit, then one at a time, first come first served", async () => {
    const a = heldDecode();
    const b = heldDecode();
    const c = heldDecode();
    const first = withinDecodeBudget(250 * MB, a.run);
    const second = withinDecodeBudget(250 * MB, b.run);
    const third = withinDecodeBudget(100 * MB, c.run);
    await Promise.resolve();
    // The second would pass the budget; the third, which would fit, waits its turn behind it.
    expect([a.state.started, b.state.started, c.state.started]).toEqual([true, false, false]);
    expect(decodeBudgetState()).toEqual({ held: 250 * MB, waiting: 2 });
    // A picture that streams does not wait.
    expect(await withinDecodeBudget(0, () => Promise.resolve("streamed"))).toBe("streamed");
    a.finish();
    await first;
    expect([b.state.started, c.state.started]).toEqual([true, true]);
    b.finish();
    c.finish();
    await Promise.all([second, third]);
    expect(decodeBudgetState()).toEqual({ held: 0, waiting: 0 });
  });

  it("runs a stored picture larger than the budget alone, and gives its share back when its decode fails", async () => {
    const other = heldDecode();
    const running = withinDecodeBudget(10 * MB, other.run);
    let started = false;
    const huge = withinDecodeBudget(3 * MAX_WHOLE_DECODE_BYTES, () => {
      started = true;
      return Promise.reject(new Error("unreadable"));
    });
    await Promise.resolve();
    expect(started).toBe(false);
    other.finish();
    await running;
    await expect(huge).rejects.toThrow("unreadable");
    expect(decodeBudgetState()).toEqual({ held: 0, waiting: 0 });
  });
});

describe("decodeOriginal", () => {
  it("reads a stored original's share from its header; one with no readable header runs at once and fails itself", async () => {
    const held = heldDecode();
    const running = withinDecodeBudget(MAX_WHOLE_DECODE_BYTES, held.run);
    expect(await decodeOriginal(Buffer.from("not a picture at all"), () => Promise.resolve("ran"))).toBe("ran");
    held.finish();
    await running;
    expect(decodeBudgetState()).toEqual({ held: 0, waiting: 0 });
  });
});
