// Invoice rules as plain functions: numbers, totals, dates and which status may follow which.
import { formatCalendarDay } from "~/lib/dates";
import type { InvoiceStatus } from "~/db/schema";

export type { InvoiceStatus };

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  paid: "Paid",
  void: "Void",
};

/** INV-2026-0001: the year of the issue date and the year's sequence, four digits at least. */
export function invoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, "0")}`;
}

export interface InvoiceLineInput {
  description: string;
  quantity: number;
  unitPriceCents: number;
}

export function invoiceTotals(lines: InvoiceLineInput[], shippingCents: number, taxCents: number) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.quantity * l.unitPriceCents, 0);
  return { subtotalCents, shippingCents, taxCents, totalCents: subtotalCents + shippingCents + taxCents };
}

export type InvoiceAction = "send" | "mark-paid" | "void";

/**
 * What can be done with an invoice in a status. Sending a paid invoice again is allowed (a copy for the
 * buyer's records); a paid invoice is not voided (money was received: that needs a refund and a credit note,
 * outside this page); a void invoice is final, and its number is never given again.
 */
export function invoiceActions(status: InvoiceStatus): InvoiceAction[] {
  switch (status) {
    case "draft":
      return ["send", "mark-paid", "void"];
    case "sent":
      return ["send", "mark-paid", "void"];
    case "paid":
      return ["send"];
    case "void":
      return [];
  }
}

/** A YYYY-MM-DD day plus n days. */
export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/** "November 21, 2026" for a YYYY-MM-DD day (lib/dates' formatCalendarDay). */
export const formatInvoiceDay = formatCalendarDay;

/** Days an invoice gives the buyer to pay, unless the admin chooses another due date. */
export const DEFAULT_PAYMENT_TERM_DAYS = 14;

/** Invoices per page of the list. */
export const INVOICES_PAGE_SIZE = 30;
