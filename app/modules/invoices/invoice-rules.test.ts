import { describe, expect, it } from "vitest";
import { addDays, dayIn } from "~/lib/dates";
import type { OrderStatus } from "~/modules/shop/order-status";
import {
  invoiceActions,
  invoiceNumber,
  invoiceRefusal,
  invoiceStanding,
  invoiceTotals,
  type InvoicedOrder,
} from "./invoice-rules";

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
    expect(invoiceActions("refunded")).toEqual([]);
  });

  it("says an invoice is already where a second press (a double click, a page left open) would take it", () => {
    expect(invoiceRefusal("void", "void")).toBe("This invoice is already void.");
    expect(invoiceRefusal("mark-paid", "paid")).toBe("This invoice is already paid.");
    expect(invoiceRefusal("record-refund", "refunded")).toBe("This invoice is already refunded.");
    // Any other state says why by its own.
    expect(invoiceRefusal("void", "paid")).toBe("A paid invoice cannot be voided.");
    expect(invoiceRefusal("mark-paid", "void")).toBe("A void invoice cannot be marked paid.");
  });

  it("follows the invoice's order: paid only for a sale or a transfer awaited, refunded only for no sale", () => {
    const bank = (status: OrderStatus): InvoicedOrder => ({ number: "A-2026-0001", status, provider: "manual" });
    const card = { ...bank("awaiting_payment"), provider: "stripe" as const };
    // Draft or Sent: Mark paid while the order is sold or waits for a bank transfer; never for a card or an
    // order that asks for nothing (only Void then).
    expect(invoiceActions("sent", bank("awaiting_payment"))).toEqual(["send", "mark-paid", "void"]);
    expect(invoiceActions("sent", bank("paid"))).toEqual(["send", "mark-paid", "void"]);
    expect(invoiceActions("sent", card)).toEqual(["send", "void"]);
    expect(invoiceActions("sent", bank("cancelled"))).toEqual(["void"]);
    expect(invoiceActions("draft", bank("refunded"))).toEqual(["void"]);
    // Paid: a copy for a sale; the refund recorded for an order that is no sale; a sold order is refunded
    // from its own page.
    expect(invoiceActions("paid", bank("delivered"))).toEqual(["send"]);
    expect(invoiceActions("paid", bank("cancelled"))).toEqual(["record-refund"]);
    expect(invoiceActions("paid", bank("awaiting_payment"))).toEqual(["record-refund"]);
    expect(invoiceActions("paid")).toEqual(["send"]);
    expect(invoiceActions("refunded", bank("refunded"))).toEqual([]);

    expect(invoiceStanding("paid", bank("paid"))).toBeNull();
    expect(invoiceStanding("paid", bank("cancelled"))).toMatchObject({
      tone: "alert",
      short: "Order A-2026-0001 cancelled: refund due",
    });
    expect(invoiceStanding("refunded", bank("refunded"))).toMatchObject({ tone: "status" });
    expect(invoiceStanding("void", bank("cancelled"))).toMatchObject({ short: "Order A-2026-0001 cancelled" });
    expect(invoiceStanding("void", bank("awaiting_payment"))).toBeNull();
  });

  it("reads the calendar day in the studio's time zone", () => {
    const instant = new Date("2027-01-01T03:00:00Z");
    expect(dayIn(instant, "UTC")).toBe("2027-01-01");
    expect(dayIn(instant, "America/Chicago")).toBe("2026-12-31");
    expect(addDays("2026-12-25", 14)).toBe("2027-01-08");
  });
});
