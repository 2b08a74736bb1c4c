import { describe, expect, it } from "vitest";
import { pageWindow } from "./gallery-pagination";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
  });
  it("keeps the first and last page reachable with gaps between", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, "gap", 10]);
    expect(pageWindow(5, 10)).toEqual([1, "gap", 4, 5, 6, "gap", 10]);
    expect(pageWindow(10, 10)).toEqual([1, "gap", 9, 10]);
    expect(pageWindow(3, 417)).toEqual([1, 2, 3, 4, "gap", 417]);
  });
});
