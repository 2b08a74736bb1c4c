import { describe, expect, it } from "vitest";
import { formatShare } from "./numbers";

describe("numbers", () => {
  it("writes a share as a percentage with two decimals, and a dash when there is none", () => {
    expect(formatShare(0.0125)).toBe("1.25 %");
    expect(formatShare(0)).toBe("0.00 %");
    expect(formatShare(null)).toBe("—");
  });
});
