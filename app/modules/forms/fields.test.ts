import { describe, expect, it } from "vitest";
import { type z } from "zod";
import { dayField, requiredText } from "./fields";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import { ProvenanceEntrySchema } from "~/modules/provenance/provenance-rules";
import { CommissionInvoiceSchema } from "~/modules/invoices/invoice-form";
import { RoomSchema } from "~/modules/rooms/rooms.server";
import { QuoteSchema } from "~/modules/inbox/commission-pipeline.server";
import { CheckoutSchema } from "~/modules/shop/checkout.server";
import { AccountIntentSchema, AuthIntentSchema } from "~/modules/auth/forms.server";

// Days no calendar has: JavaScript rolls February 30 over into March and reads a year 0, while PostgreSQL
// refuses both, so a form that let one through answered 500 (a hand-made post; a date input never sends one).
const NOT_A_DAY = ["2027-02-30", "2026-02-29", "2027-04-31", "0000-01-01"];

const pathsOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.path.join(".")) ?? [];

describe("dayField", () => {
  it.each(NOT_A_DAY)("refuses %s as a real day", (day) => {
    const result = dayField("start date").safeParse(day);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(["Enter a real start date."]);
  });

  it("takes a real day, February 29 of a leap year too", () => {
    expect(dayField("date").parse("2028-02-29")).toBe("2028-02-29");
    expect(dayField("date").parse(" 2027-12-31 ")).toBe("2027-12-31");
  });
});

describe("every form's day refuses a day no calendar has, on its field", () => {
  it.each(NOT_A_DAY)("%s", (day) => {
    const show = { title: "T", venue: "V", city: "C", country: "us", type: "solo", endDate: "2030-01-01" };
    expect(pathsOf(ExhibitionSchema, { ...show, startDate: day })).toContain("startDate");
    expect(pathsOf(ProvenanceEntrySchema, { kind: "other", description: "Sold", date: day })).toContain("date");
    expect(pathsOf(CommissionInvoiceSchema, { issueDate: day })).toContain("issueDate");
    expect(pathsOf(RoomSchema, { title: "Room", expiresOn: day })).toContain("expiresOn");
    expect(pathsOf(QuoteSchema, { price: "100", depositPercent: "50", terms: "", dueDate: day })).toContain("dueDate");
  });
});

// Values a keyboard, a paste or a hand-made request can send that show nothing: Unicode's format characters
// (zero-width space, joiners, word joiner, byte-order mark, soft hyphen, bidi marks and isolates), other
// default-ignorable ones (Hangul filler, variation selector), controls, and spaces JavaScript's trim() keeps or
// drops. Stored as a name, each showed as a blank.
const INVISIBLE = {
  "zero-width space": "\u200B",
  "zero-width non-joiner and joiner": "\u200C\u200D",
  "word joiner": "\u2060",
  "byte-order mark": "\uFEFF",
  "soft hyphen": "\u00AD",
  "left-to-right and right-to-left marks": "\u200E\u200F",
  "bidi embedding and isolate": "\u202A\u2066\u2069\u202C",
  "Arabic letter mark": "\u061C",
  "Mongolian vowel separator": "\u180E",
  "Hangul filler": "\u3164",
  "variation selector": "\uFE0F",
  "tag characters": "\u{E0041}\u{E007F}",
  "control characters": "\u0001\u007F",
  "ideographic space and no-break space": "\u3000\u00A0",
  "a mix with ordinary spaces": " \u200B \u00AD\t\u2060 ",
};

// Text people write with those characters inside it: a name is refused only when nothing in it shows.
const VISIBLE = {
  "an emoji joined with ZWJ": "\u{1F469}\u200D\u{1F3A8}",
  "Persian with a ZWNJ between letters": "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
  "a letter after a zero-width space": "\u200BAda",
  "a name with a soft hyphen": "Ma\u00ADria",
  "an accented name": "Zo\u00EB",
  "a dot": ".",
};

describe("requiredText", () => {
  const name = requiredText("Enter your name.", 120, "Keep your name under 120 characters.");

  it.each(Object.entries(INVISIBLE))("reads a value of only %s as empty: the field's own message", (_, value) => {
    expect(name.safeParse(value).error?.issues.map((issue) => issue.message)).toEqual(["Enter your name."]);
  });

  it.each(Object.entries(VISIBLE))("takes %s as typed (trimmed)", (_, value) => {
    expect(name.parse(` ${value} `)).toBe(value);
  });

  it("still says a value is too long, or missing", () => {
    expect(name.safeParse("x".repeat(121)).error?.issues[0]?.message).toBe("Keep your name under 120 characters.");
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe("Enter your name.");
    expect(name.safeParse("").error?.issues[0]?.message).toBe("Enter your name.");
  });
});

describe("every form's name made only of invisible characters is no name", () => {
  const invisible = "\u200B\u200D\u2060";

  it("checkout: refused beside the field, in its own words", () => {
    const result = CheckoutSchema.safeParse({ name: invisible, fulfilment: "pickup", country: "US" });
    expect(result.error?.issues.find((issue) => issue.path[0] === "name")?.message).toBe("Enter your name.");
  });

  it("sign-up, first start and profile: an optional name, kept empty", () => {
    const account = { email: "ada@example.com", password: "correct horse battery staple" };
    const signUp = AuthIntentSchema.parse({ intent: "sign-up", ...account, fullName: invisible });
    expect(signUp).toMatchObject({ fullName: "" });
    const setup = AuthIntentSchema.parse({ intent: "setup", token: "t", ...account, fullName: invisible });
    expect(setup).toMatchObject({ fullName: "" });
    expect(AccountIntentSchema.parse({ intent: "name", fullName: invisible })).toEqual({
      intent: "name",
      fullName: "",
    });
    expect(AccountIntentSchema.parse({ intent: "name", fullName: " Zo\u00EB " })).toEqual({
      intent: "name",
      fullName: "Zo\u00EB",
    });
  });
});
