import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminArtworkSearch,
  canReorder,
  parseAdminArtworkParams,
  type AdminArtworkParams,
} from "./admin-artwork-query";

const parse = (query: string) => parseAdminArtworkParams(new URLSearchParams(query));

describe("parseAdminArtworkParams", () => {
  it("defaults to the artist's order, first page of 25", () => {
    expect(parse("")).toEqual({
      q: undefined,
      availability: undefined,
      featured: undefined,
      medium: undefined,
      archived: undefined,
      sort: "order",
      dir: "asc",
      page: 1,
      pageSize: 25,
    });
  });

  it("reads filters, sort and page", () => {
    expect(parse("q=blue&availability=sold&featured=yes&medium=Oil&sort=price&dir=asc&page=3&size=50")).toMatchObject({
      q: "blue",
      availability: "sold",
      featured: true,
      medium: "Oil",
      sort: "price",
      dir: "asc",
      page: 3,
      pageSize: 50,
    });
  });

  it("ignores bad values instead of failing", () => {
    expect(parse("availability=lost&featured=maybe&sort=colour&dir=up&page=-2&size=7")).toMatchObject({
      availability: undefined,
      featured: undefined,
      sort: "order",
      dir: "asc",
      page: 1,
      pageSize: 25,
    });
  });

  it("gives each sort its natural direction", () => {
    expect(parse("sort=year").dir).toBe("desc");
    expect(parse("sort=title").dir).toBe("asc");
  });
});

describe("adminArtworkSearch", () => {
  it("writes only what differs from the defaults", () => {
    expect(adminArtworkSearch(parse(""))).toBe("");
    expect(adminArtworkSearch(parse("sort=year&dir=desc"))).toBe("sort=year");
  });

  it("round-trips any parsed view", () => {
    const params = fc.record({
      q: fc.option(
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s.length > 0),
        {
          nil: undefined,
        },
      ),
      availability: fc.option(fc.constantFrom("available", "reserved", "sold", "not_for_sale" as const), {
        nil: undefined,
      }),
      featured: fc.option(fc.boolean(), { nil: undefined }),
      sort: fc.constantFrom("order", "title", "year", "price", "updated" as const),
      dir: fc.constantFrom("asc", "desc" as const),
      page: fc.integer({ min: 1, max: 500 }),
      pageSize: fc.constantFrom(25, 50, 100),
    });
    fc.assert(
      fc.property(params, (p) => {
        const view = { ...p, medium: undefined, archived: undefined } as AdminArtworkParams;
        expect(parse(adminArtworkSearch(view))).toEqual(view);
      }),
    );
  });
});

describe("canReorder", () => {
  it("allows dragging only in the artist's order", () => {
    expect(canReorder(parse(""))).toBe(true);
    expect(canReorder(parse("availability=sold"))).toBe(true);
    expect(canReorder(parse("sort=title"))).toBe(false);
    expect(canReorder(parse("dir=desc"))).toBe(false);
    expect(canReorder(parse("archived=only"))).toBe(false);
  });
});
