import { describe, expect, it } from "vitest";
import { autoMap, cleanMapping, TEMPLATE_HEADERS } from "./fields";

describe("automatic column matching", () => {
  it("matches the template's own headers one to one", () => {
    const mapping = autoMap(TEMPLATE_HEADERS);
    expect(Object.keys(mapping)).toHaveLength(TEMPLATE_HEADERS.length);
    expect(mapping.price).toBe("Price (USD)");
    expect(mapping.sortOrder).toBe("Sort order");
  });

  it("matches common spellings, ignoring case, spaces and punctuation", () => {
    const mapping = autoMap([
      "NAME",
      "Dimensions",
      "price_usd",
      "Status",
      "Qty",
      "Image file",
      "Keywords",
      "Collection",
      "Materials",
      "Year created",
      "Notes",
    ]);
    expect(mapping).toEqual({
      title: "NAME",
      size: "Dimensions",
      price: "price_usd",
      availability: "Status",
      quantity: "Qty",
      image: "Image file",
      tags: "Keywords",
      series: "Collection",
      medium: "Materials",
      year: "Year created",
      description: "Notes",
    });
  });

  it("falls back to a header that starts with a known word, and uses each header once", () => {
    const mapping = autoMap(["Title of the work", "Title", "Price in dollars", "Something else"]);
    expect(mapping.title).toBe("Title");
    expect(mapping.price).toBe("Price in dollars");
    expect(Object.values(mapping)).not.toContain("Something else");
    expect(new Set(Object.values(mapping)).size).toBe(Object.values(mapping).length);
  });

  it("leaves fields without a matching column unmapped", () => {
    expect(autoMap(["Foo", "Bar"])).toEqual({});
  });
});

describe("cleanMapping", () => {
  it("keeps only known fields that name an existing header", () => {
    expect(cleanMapping({ title: "Name", price: "Nope", bogus: "Name", year: 3 }, ["Name", "Cost"])).toEqual({
      title: "Name",
    });
  });
});
