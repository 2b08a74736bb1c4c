// The Invoice Generation forms: one zod schema per intent (read with readSubmission), amounts typed in dollars
// and kept in cents.
import { z } from "zod";
import { choiceParam, isCalendarDay, pageField, requiredText, searchParam } from "~/modules/forms/fields";
import { COMMISSION_INVOICE_STAGES, INVOICE_STATUSES } from "~/db/schema";
import { parsePriceToCents } from "~/modules/catalog/artwork-input";
import { MAX_PRICE_CENTS } from "~/lib/money";

// An invoice's days are of this century: a year typed 0202 or 9999 is a slip (and 14 days after December 18,
// 9999 is no day PostgreSQL reads, which answered 500).
const day = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date.")
  .refine(isCalendarDay, "Enter a real date.")
  .refine((d) => d >= "2000-01-01" && d <= "2099-12-31", "Enter a date from 2000 to 2099.");
const optionalDay = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), day.optional());

/**
 * The most an invoice's amount or its tax may be: the two together stay within what its total column holds
 * ($21,474,836.47; more answered 500).
 */
export const MAX_INVOICE_AMOUNT_CENTS = MAX_PRICE_CENTS;

const dollars = (label: string, { required }: { required: boolean }) =>
  z
    .string()
    .default("")
    .transform((value, ctx) => {
      const cents = parsePriceToCents(value);
      if (cents === "invalid") {
        ctx.addIssue({ code: "custom", message: `Enter ${label} in dollars, e.g. 1250 or 1250.50.` });
        return z.NEVER;
      }
      if (cents === undefined) {
        if (required) {
          ctx.addIssue({ code: "custom", message: `Enter ${label}.` });
          return z.NEVER;
        }
        return 0;
      }
      if (cents > MAX_INVOICE_AMOUNT_CENTS) {
        ctx.addIssue({
          code: "custom",
          message: `${label[0]!.toUpperCase()}${label.slice(1)} cannot be more than $10,000,000.`,
        });
        return z.NEVER;
      }
      return cents;
    });

export const FromOrderSchema = z.object({
  intent: z.literal("from-order"),
  orderId: z.uuid("Choose an order."),
});

const InvoiceDates = z.object({ issueDate: optionalDay, dueDate: optionalDay });

export const CommissionInvoiceSchema = z
  .object({
    intent: z.literal("for-commission"),
    commissionId: z.uuid("Choose a commission."),
    stage: z.enum(COMMISSION_INVOICE_STAGES, "Choose deposit or final."),
    description: requiredText("Describe what is invoiced.", 300, "Keep it under 300 characters."),
    amount: dollars("the amount", { required: true }).refine((c) => c > 0, "The amount must be more than zero."),
    tax: dollars("the tax", { required: false }),
    buyerAddress: z.string().trim().max(500, "Keep the address under 500 characters.").default(""),
    issueDate: optionalDay,
    dueDate: optionalDay,
    notes: z.string().trim().max(2_000, "Keep the notes under 2,000 characters.").default(""),
  })
  .refine((v) => !v.issueDate || !v.dueDate || v.dueDate >= v.issueDate, {
    path: ["dueDate"],
    message: "The due date cannot be before the issue date.",
    // Checked whenever the two dates read, beside the other fields' mistakes (not in a second round).
    when: (payload) => InvoiceDates.safeParse(payload.value).success,
  });

export const InvoiceActionSchema = z.object({
  intent: z.enum(["send", "mark-paid", "void", "record-refund"]),
});

export const InvoiceListFilterSchema = z.object({
  q: searchParam(100),
  status: choiceParam(INVOICE_STATUSES),
  page: pageField,
  /** The commission chosen in "For a commission" (its page links here with it). */
  commission: z.uuid().optional().catch(undefined),
});
