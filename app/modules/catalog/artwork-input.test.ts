import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/modules/forms/submission.server";
import { formOf } from "../../../tests/support/form";
import { ArtworkInput, centsToInput, parsePriceToCents } from "./artwork-input";

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

describe("the artwork form read with ArtworkInput", () => {
  it("accepts a full artwork and converts the price", () => {
    const result = parseSubmission(
      formOf({
        title: " Tidal Study ",
        description: "Blue.",
        medium: "Oil on linen",
        year: "2024",
        size: '24" x 36"',
        price: "1,800",
        availability: "available",
        featured: "on",
        quantity: "1",
        imageId: "not one of the artwork's fields",
      }),
      ArtworkInput,
    );
    expect(result).toMatchObject({ ok: true });
    expect(result.ok && result.value).toEqual({
      title: "Tidal Study",
      description: "Blue.",
      medium: "Oil on linen",
      year: 2024,
      size: '24" x 36"',
      price: 180_000,
      availability: "available",
      featured: true,
      quantity: 1,
    });
  });

  it("treats blanks as unset: no year, price on request, quantity 1, not featured", () => {
    const result = parseSubmission(
      formOf({ title: "Untitled", year: "", price: "", availability: "sold", quantity: "" }),
      ArtworkInput,
    );
    expect(result).toMatchObject({ ok: true, value: { year: undefined, price: null, quantity: 1, featured: false } });
  });

  it("refuses a price over $10,000,000 beside the field (past what a price column holds was a 500)", () => {
    const read = (price: string) =>
      parseSubmission(formOf({ title: "Costly", price, availability: "available" }), ArtworkInput);
    expect(read("10,000,000")).toMatchObject({ ok: true, value: { price: 1_000_000_000 } });
    for (const price of ["10,000,000.01", "21,474,836.48", "99999999.99"])
      expect(read(price)).toMatchObject({
        ok: false,
        failure: { fieldErrors: { price: "Enter a price of at most $10,000,000." }, values: { price } },
      });
  });

  it("names each bad field and keeps what was typed", () => {
    const result = parseSubmission(
      formOf({ title: "", year: "3024", price: "lots", availability: "lost", quantity: "-1" }),
      ArtworkInput,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const { fieldErrors = {}, values = {} } = result.failure;
    expect(Object.keys(fieldErrors).sort()).toEqual(["availability", "price", "quantity", "title", "year"]);
    expect(fieldErrors.title).toBe("Enter a title.");
    expect(fieldErrors.year).toBe("The year cannot be in the future.");
    expect(values.price).toBe("lots");
  });
});
