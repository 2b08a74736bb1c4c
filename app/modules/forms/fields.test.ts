import { describe, expect, it } from "vitest";
import { type z } from "zod";
import { dayField } from "./fields";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import { ProvenanceEntrySchema } from "~/modules/provenance/provenance-rules";
import { CommissionInvoiceSchema } from "~/modules/invoices/invoice-form";
import { RoomSchema } from "~/modules/rooms/rooms.server";
import { QuoteSchema } from "~/modules/inbox/commission-pipeline.server";

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
