import { describe, expect, it } from "vitest";
import { CLEAR_AFTER_ERROR_MS, CLEAR_AFTER_SUCCESS_MS, settle } from "./save-status";

describe("the save status mark (spec §9: cleared after 2 s on success, 5 s on error)", () => {
  it("has the spec's figures", () => {
    expect(CLEAR_AFTER_SUCCESS_MS).toBe(2000);
    expect(CLEAR_AFTER_ERROR_MS).toBe(5000);
  });

  it("shows a success as saved for 2 s", () => {
    expect(settle({ ok: true, message: "Saved" })).toEqual({ state: "saved", clearAfterMs: 2000 });
    // An action that answers nothing (a redirect followed, say) succeeded.
    expect(settle(undefined)).toEqual({ state: "saved", clearAfterMs: 2000 });
  });

  it("shows a write kept offline as queued, for as long as a success", () => {
    expect(settle({ ok: true, queued: true })).toEqual({ state: "queued", clearAfterMs: 2000 });
  });

  it("shows an error as failed for 5 s", () => {
    expect(settle({ ok: false, error: "Could not save" })).toEqual({ state: "failed", clearAfterMs: 5000 });
  });
});
