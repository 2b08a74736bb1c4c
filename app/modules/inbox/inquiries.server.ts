// Inquiries: contact messages and commission requests from visitors. Each submission is stored once (its
// form key makes a retry harmless), the artist is told by e-mail and the sender gets an acknowledgement,
// all in one transaction with the outbox. Owns: messages, commissions. Exposes: the schemas, submit functions.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import { z } from "zod";
import { db, type Database } from "~/db/client.server";
import { artworks, commissions, messages } from "~/db/schema";
import { BUDGETS, INQUIRY_LABELS, INQUIRY_TYPES, type BudgetKey } from "~/lib/inquiries";
import { sendConfirmationCopy, sendMail } from "~/modules/mail/mail.server";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { emailField, longText, requiredText } from "~/modules/forms/fields";
import { getSettings } from "~/modules/settings/settings.server";
import { attachReferenceImages, discardReferenceImages, type PreparedImage } from "./commission-media.server";
import { adminPaths } from "~/lib/admin-paths";

const name = requiredText("Enter your name.", 120, "Keep your name under 120 characters.");
const phone = z
  .string()
  .trim()
  .max(40, "Keep the phone number under 40 characters.")
  .regex(/^[+()\d\s.-]*$/, "Use digits, spaces and + ( ) - only.")
  .transform((v) => v || undefined)
  .optional();
const submissionKey = z
  .string({ message: "This form has expired. Please reload the page and send it again." })
  .regex(/^[A-Za-z0-9_-]{16,64}$/, "This form has expired. Please reload the page and send it again.");

export const ContactSchema = z.object({
  name,
  email: emailField,
  phone,
  inquiryType: z.enum(INQUIRY_TYPES, { message: "Choose what your message is about." }),
  subject: z
    .string()
    .trim()
    .max(160, "Keep the subject under 160 characters.")
    .transform((v) => v || undefined)
    .optional(),
  message: longText({
    missing: "Write your message.",
    min: 10,
    tooShort: "Write a little more: at least 10 characters.",
    max: 5000,
    tooLong: "Keep your message under 5,000 characters.",
  }),
  artworkId: z.uuid().optional().catch(undefined),
  submissionKey,
});
export type ContactInput = z.infer<typeof ContactSchema>;

export const CommissionSchema = z.object({
  name,
  email: emailField,
  phone,
  description: longText({
    missing: "Tell the artist about the painting you have in mind.",
    min: 20,
    tooShort: "Tell a little more about the painting you have in mind: at least 20 characters.",
    max: 5000,
    tooLong: "Keep the description under 5,000 characters.",
  }),
  medium: z.string().trim().max(120, "Keep this under 120 characters.").optional(),
  size: z.string().trim().max(120, "Keep this under 120 characters.").optional(),
  budget: z.enum(Object.keys(BUDGETS) as [BudgetKey, ...BudgetKey[]], { message: "Choose a budget range." }),
  timeline: z.string().trim().max(120, "Keep this under 120 characters.").optional(),
  submissionKey,
});
export type CommissionInput = z.infer<typeof CommissionSchema>;

/**
 * The contact and commission forms carry a hidden "website" field that people never see and bots fill in:
 * such a submission is answered as sent and dropped.
 */
export const isBot = (form: FormData): boolean => Boolean(form.get("website"));

/** A fresh key for one form: the same submission sent twice is stored once. */
export function newSubmissionKey(): string {
  return randomBytes(18).toString("base64url");
}

export type Submitted = { id: string; duplicate: boolean };

type SubmissionTable = typeof messages | typeof commissions;

/**
 * Stores a form's row once: the same submission key sent again (a double click, a retry) finds the row the
 * first one made instead, marked as a duplicate so nothing is mailed twice. (The signature ties the values to
 * their table; the body serves either.)
 */
function storeOnce<Table extends SubmissionTable>(
  tx: Database,
  table: Table,
  values: PgInsertValue<Table>,
): Promise<Submitted>;
async function storeOnce(
  tx: Database,
  table: SubmissionTable,
  values: PgInsertValue<typeof messages> | PgInsertValue<typeof commissions>,
): Promise<Submitted> {
  const [row] = await tx
    .insert(table)
    .values(values)
    .onConflictDoNothing({ target: table.submissionKey })
    .returning({ id: table.id });
  if (row) return { id: row.id, duplicate: false };
  const [existing] = await tx
    .select({ id: table.id })
    .from(table)
    .where(eq(table.submissionKey, values.submissionKey))
    .limit(1);
  return { id: existing!.id, duplicate: true };
}

export async function submitContact(input: ContactInput): Promise<Submitted> {
  const settings = await getSettings();
  const artwork = input.artworkId
    ? await db().query.artworks.findFirst({
        where: eq(artworks.id, input.artworkId),
        columns: { id: true, title: true },
      })
    : undefined;
  const inquiryType = input.inquiryType === "artwork" && !artwork ? "general" : input.inquiryType;
  const subject = input.subject ?? (artwork ? `Inquiry about “${artwork.title}”` : INQUIRY_LABELS[inquiryType]);

  const submitted = await db().transaction(async (tx) => {
    const stored = await storeOnce(tx, messages, {
      inquiryType,
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      subject,
      body: input.message,
      artworkId: artwork?.id,
      artworkTitle: artwork?.title,
      submissionKey: input.submissionKey,
    });
    if (stored.duplicate) return stored;
    await sendMail(
      settings.contactEmail,
      "new-inquiry",
      { from: input.name, email: input.email, subject, body: input.message, kind: INQUIRY_LABELS[inquiryType] },
      tx,
    );
    await sendConfirmationCopy(input.email, "inquiry-received", {}, tx);
    return stored;
  });
  if (!submitted.duplicate) {
    await notifyAdmins({ title: `New message from ${input.name}`, message: subject, link: adminPaths.messages() });
  }
  return submitted;
}

/** Stores a commission request once, with its reference images (already checked and stored by prepareReferenceImages). */
export async function submitCommission(input: CommissionInput, images: PreparedImage[] = []): Promise<Submitted> {
  const budget = BUDGETS[input.budget];
  // The pictures are stored already (prepareReferenceImages): a request that records none of them (a copy sent
  // again, a failed transaction) removes them, or nothing ever would.
  const submitted = await recordCommission(input, images).catch(async (error: unknown) => {
    await discardReferenceImages(images);
    throw error;
  });
  if (submitted.duplicate) await discardReferenceImages(images);
  else {
    await notifyAdmins({
      type: "success",
      title: `New commission request from ${input.name}`,
      message: `Budget: ${budget.label}`,
      link: adminPaths.commissions(),
    });
  }
  return submitted;
}

/** The request's transaction: the commission once (by its submission key), its pictures and the two mails. */
async function recordCommission(input: CommissionInput, images: PreparedImage[]): Promise<Submitted> {
  const settings = await getSettings();
  const budget = BUDGETS[input.budget];
  return db().transaction(async (tx) => {
    const stored = await storeOnce(tx, commissions, {
      name: input.name,
      email: input.email.toLowerCase(),
      phone: input.phone,
      description: input.description,
      medium: input.medium || null,
      size: input.size || null,
      budgetMin: budget.min,
      budgetMax: budget.max,
      timeline: input.timeline || null,
      details: { budget: budget.label },
      submissionKey: input.submissionKey,
    });
    if (stored.duplicate) return stored;
    await attachReferenceImages(stored.id, images, tx);
    const facts = [
      input.medium ? `Medium: ${input.medium}` : undefined,
      input.size ? `Size: ${input.size}` : undefined,
      `Budget: ${budget.label}`,
      input.timeline ? `Timeline: ${input.timeline}` : undefined,
      images.length ? `Reference images: ${images.length}` : undefined,
    ].filter((f): f is string => Boolean(f));
    await sendMail(
      settings.contactEmail,
      "new-commission",
      { from: input.name, email: input.email, description: input.description, facts },
      tx,
    );
    await sendConfirmationCopy(input.email, "commission-received", {}, tx);
    return stored;
  });
}
