import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageCount, pageOffset, pageParam } from "./pagination";

describe("pagination", () => {
  it("reads the page of a query, bounded", () => {
    expect(pageParam(new URLSearchParams("page=3"))).toBe(3);
    expect(pageParam(new URLSearchParams(""))).toBe(1);
    expect(pageParam(new URLSearchParams("page=0"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=-2"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=abc"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=2.5"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=1e9"))).toBe(1);
    expect(pageParam(new URLSearchParams("page=999999"))).toBe(MAX_PAGE);
    expect(pageParam("7")).toBe(7);
    expect(pageParam(null)).toBe(1);
  });

  it("counts at least one page", () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it("skips the rows of the pages before, and none before page 1", () => {
    expect(pageOffset(1, 25)).toBe(0);
    expect(pageOffset(3, 25)).toBe(50);
    expect(pageOffset(0, 25)).toBe(0);
    expect(pageOffset(-4, 25)).toBe(0);
  });
});
