import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { centsToInput, parseArtworkForm, parsePriceToCents } from "./artwork-input";

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

describe("parsePriceToCents", () => {
  it.each([
    ["", undefined],
    ["1250", 125_000],
    ["1,250.5", 125_050],
    ["$ 980.00", 98_000],
    ["0", 0],
  ])("reads %j", (input, cents) => expect(parsePriceToCents(input)).toBe(cents));

  it.each(["-5", "12.345", "abc", "1e5", "1.2.3"])("refuses %j", (input) =>
    expect(parsePriceToCents(input)).toBe("invalid"),
  );

  it("round-trips every price through the field", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), (cents) => {
        expect(parsePriceToCents(centsToInput(cents))).toBe(cents);
      }),
    );
  });
});

describe("parseArtworkForm", () => {
  it("accepts a full artwork and converts the price", () => {
    const result = parseArtworkForm(
      form({
        title: " Tidal Study ",
        description: "Blue.",
        medium: "Oil on linen",
        year: "2024",
        size: '24" x 36"',
        price: "1,800",
        availability: "available",
        featured: "on",
        quantity: "1",
      }),
    );
    expect(result).toEqual({
      ok: true,
      values: {
        title: "Tidal Study",
        description: "Blue.",
        medium: "Oil on linen",
        year: 2024,
        size: '24" x 36"',
        price: 180_000,
        availability: "available",
        featured: true,
        quantity: 1,
      },
    });
  });

  it("treats blanks as unset: no year, price on request, quantity 1, not featured", () => {
    const result = parseArtworkForm(
      form({ title: "Untitled", year: "", price: "", availability: "sold", quantity: "" }),
    );
    expect(result).toMatchObject({ ok: true, values: { year: undefined, price: null, quantity: 1, featured: false } });
  });

  it("names each bad field and keeps what was typed", () => {
    const result = parseArtworkForm(
      form({ title: "", year: "3024", price: "lots", availability: "lost", quantity: "-1" }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors).sort()).toEqual(["availability", "price", "quantity", "title", "year"]);
    expect(result.errors.title).toBe("Enter a title.");
    expect(result.errors.year).toBe("The year cannot be in the future.");
    expect(result.typed.price).toBe("lots");
  });
});
