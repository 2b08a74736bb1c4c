import { describe, expect, it } from "vitest";
import { dayIn } from "~/lib/dates";
import { addDays, invoiceActions, invoiceNumber, invoiceTotals } from "./invoice-rules";

describe("invoice rules", () => {
  it("numbers invoices per year with four digits at least", () => {
    expect(invoiceNumber(2026, 1)).toBe("INV-2026-0001");
    expect(invoiceNumber(2026, 12345)).toBe("INV-2026-12345");
  });

  it("adds lines, shipping and tax in cents", () => {
    expect(
      invoiceTotals(
        [
          { description: "Study", quantity: 2, unitPriceCents: 125_050 },
          { description: "Frame", quantity: 1, unitPriceCents: 9_999 },
        ],
        9_500,
        1_234,
      ),
    ).toEqual({ subtotalCents: 260_099, shippingCents: 9_500, taxCents: 1_234, totalCents: 270_833 });
  });

  it("never lets a void invoice change, nor a paid one be voided", () => {
    expect(invoiceActions("void")).toEqual([]);
    expect(invoiceActions("paid")).not.toContain("void");
    expect(invoiceActions("draft")).toEqual(["send", "mark-paid", "void"]);
  });

  it("reads the calendar day in the studio's time zone", () => {
    const instant = new Date("2027-01-01T03:00:00Z");
    expect(dayIn(instant, "UTC")).toBe("2027-01-01");
    expect(dayIn(instant, "America/Chicago")).toBe("2026-12-31");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  });
});
