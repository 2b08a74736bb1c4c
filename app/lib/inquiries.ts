// What visitors can ask about, shared by the forms (client) and the inbox module and schema (server).
import { choices } from "./choices";

export const { values: INQUIRY_TYPES, labels: INQUIRY_LABELS } = choices({
  general: "General inquiry",
  artwork: "About an artwork",
  commission: "Commission",
  exhibition: "Exhibition or gallery",
  press: "Press",
  other: "Something else",
});
export type InquiryType = (typeof INQUIRY_TYPES)[number];

export const BUDGETS = {
  "under-2000": { label: "Under $2,000", min: null, max: 2000 },
  "2000-5000": { label: "$2,000 – $5,000", min: 2000, max: 5000 },
  "5000-10000": { label: "$5,000 – $10,000", min: 5000, max: 10000 },
  "10000-plus": { label: "$10,000 or more", min: 10000, max: null },
  unsure: { label: "Not sure yet", min: null, max: null },
} as const;
export type BudgetKey = keyof typeof BUDGETS;

export const MESSAGES_PAGE_SIZE = 25;

export const { values: MESSAGE_STATUSES, labels: MESSAGE_STATUS_LABELS } = choices({
  new: "New",
  read: "Read",
  replied: "Replied",
  archived: "Archived",
});
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

export const { values: COMMISSION_STAGES, labels: STAGE_LABELS } = choices({
  requested: "Requested",
  in_discussion: "In discussion",
  quoted: "Quoted",
  accepted: "Accepted",
  in_progress: "In progress",
  completed: "Completed",
  declined: "Declined",
});
export type CommissionStage = (typeof COMMISSION_STAGES)[number];

/**
 * Whether a commission at this stage is invoiced and asked for money: any stage but declined, which asks for none
 * (as a cancelled order). Invoice Generation does not offer a declined one, its page offers no "Mark … paid", the
 * client's page asks for nothing, and the server refuses a request made by hand (`declinedCommission`).
 */
export const NO_INVOICE_STAGES: readonly CommissionStage[] = ["declined"];
export const mayInvoiceCommission = (stage: CommissionStage): boolean => !NO_INVOICE_STAGES.includes(stage);

/**
 * What a commission's client reads beside the deposit or the balance of its quote: paid, to pay (the deposit),
 * on completion (the balance), or not due at all once the commission is declined.
 */
export function paymentStatus(part: "deposit" | "balance", paid: boolean, stage: CommissionStage): string {
  if (paid) return "Paid";
  if (!mayInvoiceCommission(stage)) return "Not due";
  return part === "deposit" ? "To pay" : "On completion";
}

/** Why a declined commission gets no invoice. */
export const declinedCommission = (name: string): string =>
  `${name}'s commission was declined: it has nothing to invoice.`;

/** Reference images a visitor may attach to a commission request (the form says so; the server enforces it). */
export const REFERENCE_IMAGES = {
  max: 5,
  maxBytes: 10 * 1024 * 1024,
  accept: "image/jpeg,image/png,image/webp,image/avif",
  formats: "JPEG, PNG, WebP or AVIF",
} as const;
