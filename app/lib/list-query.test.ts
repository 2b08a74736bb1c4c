import { describe, expect, it } from "vitest";
import { listQuery, withPage } from "./list-query";

describe("list query", () => {
  it("keeps the filters that are set, in order, and a page past the first", () => {
    expect(listQuery({ status: "paid", q: "iris" }, 3).toString()).toBe("status=paid&q=iris&page=3");
    expect(listQuery({ q: "iris", status: "paid" }).toString()).toBe("q=iris&status=paid");
    expect(listQuery({ q: "", status: undefined, medium: null }, 1).toString()).toBe("");
    expect(listQuery({ q: "a&b" }, 2).toString()).toBe("q=a%26b&page=2");
  });

  it("changes one page number and keeps the rest", () => {
    const current = new URLSearchParams("range=30&works=2&pages=4");
    expect(withPage(current, 3, "works").toString()).toBe("range=30&works=3&pages=4");
    expect(withPage(current, 1, "pages").toString()).toBe("range=30&works=2");
    expect(withPage(new URLSearchParams("q=x"), 2).toString()).toBe("q=x&page=2");
    expect(current.toString()).toBe("range=30&works=2&pages=4");
  });
});
