// The commission pipeline the artist works from: one commission's quote (price, terms, deposit %, due date),
// notes, the history of stage changes, the deposit and balance (each an invoice, marked paid), the private
// client page behind a secret link, and the list of all commissions paged and searched.
// Owns: commission_events (and the pipeline's columns of commissions). Invoices through the invoices module.
import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import { commissionEvents, commissions, invoices } from "~/db/schema";
import { COMMISSION_STAGES, STAGE_LABELS, type CommissionStage } from "~/lib/inquiries";
import { formatPrice } from "~/lib/money";
import { createCommissionInvoice, markInvoicePaid } from "~/modules/invoices/invoices.server";
import { sendMail } from "~/modules/mail/mail.server";
import { services } from "~/services.server";
import { readSignedId, signedId } from "~/modules/security/signed-ids.server";
import { db, escapeLike } from "~/db/client.server";

export interface Actor {
  name: string;
}

// --- The client's secret link -----------------------------------------------------------------------------

export const clientToken = (id: string) => signedId("commission-client", id);
export const clientUrl = (id: string) => `${services().config.publicUrl}/commission/${clientToken(id)}`;
export const readClientToken = (token: string | undefined) => readSignedId("commission-client", token);

// --- One commission ---------------------------------------------------------------------------------------

export const QuoteSchema = z
  .object({
    price: z
      .string()
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter the price in dollars, like 4800 or 4800.00.")
      .transform((v) => Math.round(Number(v) * 100)),
    depositPercent: z.coerce
      .number({ message: "Enter the deposit as a percentage from 0 to 100." })
      .int("Enter a whole percentage.")
      .min(0, "Enter the deposit as a percentage from 0 to 100.")
      .max(100, "Enter the deposit as a percentage from 0 to 100."),
    dueDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, "Choose the date the work will be ready.")
      .or(z.literal("").transform(() => null)),
    terms: z.string().trim().max(4_000, "Keep the terms under 4,000 characters."),
  })
  .refine((q) => q.price > 0, { message: "Enter a price above zero.", path: ["price"] });
export type QuoteInput = z.infer<typeof QuoteSchema>;

export async function getCommissionDetail(id: string) {
  if (!z.uuid().safeParse(id).success) return undefined;
  const [row] = await db().select().from(commissions).where(eq(commissions.id, id));
  if (!row) return undefined;
  const [events, bills] = await Promise.all([
    db()
      .select()
      .from(commissionEvents)
      .where(eq(commissionEvents.commissionId, id))
      .orderBy(desc(commissionEvents.createdAt), desc(commissionEvents.id)),
    db()
      .select({
        id: invoices.id,
        number: invoices.number,
        stage: invoices.commissionStage,
        status: invoices.status,
        totalCents: invoices.totalCents,
      })
      .from(invoices)
      .where(eq(invoices.commissionId, id)),
  ]);
  return { ...row, events, payments: paymentsOf(row, bills) };
}

type Bill = { id: string; number: string; stage: string | null; status: string; totalCents: number };

/** What the client owes: the deposit (deposit % of the quote) and the balance, each paid or not. */
function paymentsOf(row: { quoteCents: number | null; depositPercent: number | null }, bills: Bill[]) {
  if (!row.quoteCents) return null;
  const depositCents = Math.round((row.quoteCents * (row.depositPercent ?? 0)) / 100);
  const find = (stage: "deposit" | "final") => bills.find((b) => b.stage === stage && b.status !== "void");
  const deposit = find("deposit");
  const balance = find("final");
  return {
    depositCents,
    balanceCents: row.quoteCents - depositCents,
    deposit: deposit ? { number: deposit.number, paid: deposit.status === "paid", invoiceId: deposit.id } : null,
    balance: balance ? { number: balance.number, paid: balance.status === "paid", invoiceId: balance.id } : null,
  };
}

async function log(
  commissionId: string,
  actor: Actor,
  event: { kind: "stage" | "note" | "quote" | "payment"; from?: string | null; to?: string | null; note?: string },
) {
  await db()
    .insert(commissionEvents)
    .values({
      commissionId,
      kind: event.kind,
      fromValue: event.from ?? null,
      toValue: event.to ?? null,
      note: event.note ?? "",
      actorName: actor.name,
    });
}

/** Moves a commission to a stage, with the change in its history. False when it no longer exists. */
export async function setCommissionStage(id: string, stage: CommissionStage, actor: Actor): Promise<boolean> {
  const [before] = await db().select({ stage: commissions.stage }).from(commissions).where(eq(commissions.id, id));
  if (!before) return false;
  if (before.stage === stage) return true;
  await db().update(commissions).set({ stage, updatedAt: new Date() }).where(eq(commissions.id, id));
  await log(id, actor, { kind: "stage", from: before.stage, to: stage });
  return true;
}

export async function saveQuote(id: string, quote: QuoteInput, actor: Actor): Promise<boolean> {
  const rows = await db()
    .update(commissions)
    .set({
      quoteCents: quote.price,
      depositPercent: quote.depositPercent,
      dueDate: quote.dueDate,
      quoteTerms: quote.terms,
      updatedAt: new Date(),
    })
    .where(eq(commissions.id, id))
    .returning({ id: commissions.id });
  if (!rows.length) return false;
  await log(id, actor, {
    kind: "quote",
    to: formatPrice(quote.price),
    note: `Deposit ${quote.depositPercent} %${quote.dueDate ? `, due ${quote.dueDate}` : ""}`,
  });
  return true;
}

export const NoteSchema = z.object({
  note: z.string().trim().min(1, "Write the note first.").max(4_000, "Keep a note under 4,000 characters."),
});

export async function addNote(id: string, note: string, actor: Actor): Promise<void> {
  await log(id, actor, { kind: "note", note });
}

/**
 * Marks the deposit or the balance paid: its invoice (made now if there is none: the deposit's % of the quote,
 * or the rest) is marked paid, and the payment is in the history. A bank transfer or cash the artist received.
 */
export async function markCommissionPaid(id: string, part: "deposit" | "balance", actor: Actor) {
  const detail = await getCommissionDetail(id);
  if (!detail?.payments) return { ok: false as const, error: "Save a quote first: it says what is owed." };
  const existing = part === "deposit" ? detail.payments.deposit : detail.payments.balance;
  if (existing?.paid) return { ok: true as const, number: existing.number };
  const amount = part === "deposit" ? detail.payments.depositCents : detail.payments.balanceCents;
  if (amount <= 0) return { ok: false as const, error: `There is no ${part} to pay on this quote.` };
  const invoiceId =
    existing?.invoiceId ??
    (
      await createCommissionInvoice({
        commissionId: id,
        stage: part === "deposit" ? "deposit" : "final",
        description: `${part === "deposit" ? "Deposit" : "Balance"} for the commission: ${detail.description.slice(0, 120)}`,
        amountCents: amount,
        taxCents: 0,
        buyerAddress: "",
        notes: detail.quoteTerms,
      })
    ).id;
  const paid = await markInvoicePaid(invoiceId);
  await log(id, actor, {
    kind: "payment",
    to: formatPrice(amount),
    note: `${part === "deposit" ? "Deposit" : "Balance"} paid (invoice ${paid.number})`,
  });
  return { ok: true as const, number: paid.number };
}

/** E-mails the client their private page's link (through the outbox). */
export async function sendClientLink(id: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ name: commissions.name, email: commissions.email })
    .from(commissions)
    .where(eq(commissions.id, id));
  if (!row) return undefined;
  await sendMail(row.email, "commission-client-link", { name: row.name, url: clientUrl(id) });
  return row.email;
}

/** The client's page: stage, quote and payments; never the artist's notes or anyone else's details. */
export async function commissionForClient(token: string | undefined) {
  const id = readClientToken(token);
  if (!id) return undefined;
  const detail = await getCommissionDetail(id);
  if (!detail) return undefined;
  return {
    name: detail.name,
    description: detail.description,
    stage: detail.stage,
    stageLabel: STAGE_LABELS[detail.stage],
    quote: detail.quoteCents
      ? {
          price: formatPrice(detail.quoteCents),
          depositPercent: detail.depositPercent ?? 0,
          dueDate: detail.dueDate,
          terms: detail.quoteTerms,
        }
      : null,
    payments: detail.payments
      ? {
          deposit: formatPrice(detail.payments.depositCents),
          depositPaid: detail.payments.deposit?.paid ?? false,
          balance: formatPrice(detail.payments.balanceCents),
          balancePaid: detail.payments.balance?.paid ?? false,
        }
      : null,
    history: detail.events
      .filter((e) => e.kind === "stage" || e.kind === "payment")
      .map((e) => ({
        id: e.id,
        at: e.createdAt,
        text:
          e.kind === "stage"
            ? `Moved to ${STAGE_LABELS[e.toValue as CommissionStage] ?? e.toValue}`
            : `${e.note} (${e.toValue})`,
      })),
  };
}

// --- The list ---------------------------------------------------------------------------------------------

export const COMMISSIONS_PAGE_SIZE = 25;

export const CommissionListSchema = z.object({
  q: z.string().trim().max(120).optional().catch(undefined),
  stage: z.enum(COMMISSION_STAGES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type CommissionListFilter = z.infer<typeof CommissionListSchema>;

/** Every commission, newest first, searched by name, e-mail or description, by stage; a page at a time. */
export async function listCommissionPage(filter: CommissionListFilter) {
  const where: (SQL | undefined)[] = [];
  if (filter.stage) where.push(eq(commissions.stage, filter.stage));
  if (filter.q) {
    const like = `%${escapeLike(filter.q)}%`;
    where.push(or(ilike(commissions.name, like), ilike(commissions.email, like), ilike(commissions.description, like)));
  }
  const condition = and(...where);
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: commissions.id,
        name: commissions.name,
        email: commissions.email,
        description: commissions.description,
        stage: commissions.stage,
        quoteCents: commissions.quoteCents,
        createdAt: commissions.createdAt,
      })
      .from(commissions)
      .where(condition)
      .orderBy(desc(commissions.createdAt), desc(commissions.id))
      .limit(COMMISSIONS_PAGE_SIZE)
      .offset((filter.page - 1) * COMMISSIONS_PAGE_SIZE),
    db().select({ n: count() }).from(commissions).where(condition),
  ]);
  return { rows, total: total?.n ?? 0 };
}
