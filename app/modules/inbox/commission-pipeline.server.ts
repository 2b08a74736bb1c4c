// The commission pipeline the artist works from: one commission's quote (price, terms, deposit %, due date),
// notes, the history of stage changes, the deposit and balance (each an invoice, marked paid), the private
// client page behind a secret link, and the list of all commissions paged and searched.
// Owns: commission_events (and the pipeline's columns of commissions). Invoices through the invoices module.
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { choiceParam, isCalendarDay, pageField, requiredText, searchParam } from "~/modules/forms/fields";
import type { ActionResult } from "~/lib/action-result";
import { commissionEvents, commissions, invoices } from "~/db/schema";
import {
  COMMISSION_STAGES,
  declinedCommission,
  mayInvoiceCommission,
  paymentStatus,
  STAGE_LABELS,
  type CommissionStage,
} from "~/lib/inquiries";
import { formatPrice } from "~/lib/money";
import { adminPaths } from "~/lib/admin-paths";
import { createCommissionInvoice, markInvoicePaid, voidInvoice } from "~/modules/invoices/invoices.server";
import { sendMail } from "~/modules/mail/mail.server";
import { notifyAdmins } from "~/modules/realtime/notifications.server";
import { services } from "~/services.server";
import { readSignedId, signedId } from "~/modules/security/signed-ids.server";
import { cardPayments } from "~/modules/shop/payments.server";
import { getSettings } from "~/modules/settings/settings.server";
import { logCommissionEvent, type Actor } from "./commission-history.server";
import { listCommissionImages } from "./commission-media.server";
import { commissionColumns } from "./inbox-admin.server";
import { claimWebhookEvent } from "~/modules/shop/orders.server";
import { db, type Database } from "~/db/client.server";
import { containing, newestFirst, pageOf } from "~/db/list-queries.server";

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
      .refine(isCalendarDay, "Choose the date the work will be ready.")
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
      .orderBy(...newestFirst(commissionEvents)),
    billsOf(id),
  ]);
  return { ...row, events, payments: paymentsOf(row, bills) };
}

type Bill = {
  id: string;
  number: string;
  stage: string | null;
  status: string;
  subtotalCents: number;
  totalCents: number;
};

/** A commission's invoices, oldest first (so a part's live one is its newest that is not void). */
async function billsOf(id: string, tx: Database = db()): Promise<Bill[]> {
  return tx
    .select({
      id: invoices.id,
      number: invoices.number,
      stage: invoices.commissionStage,
      status: invoices.status,
      subtotalCents: invoices.subtotalCents,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(eq(invoices.commissionId, id))
    .orderBy(...newestFirst(invoices));
}

const billView = (b: Bill) => ({
  number: b.number,
  paid: b.status === "paid",
  invoiceId: b.id,
  totalCents: b.totalCents,
});

/**
 * What the client owes: the deposit (deposit % of the quote) and the balance (the quote less the deposit), each
 * paid or not. A part once paid is what its invoice charged (before any tax added on it), so a quote changed
 * after the deposit moves the balance only: $1,000 at 30 %, $300 paid, raised to $1,200 leaves $900 to pay
 * (docs/admin.md "Commission Pipeline").
 */
function paymentsOf(row: { quoteCents: number | null; depositPercent: number | null }, bills: Bill[]) {
  if (!row.quoteCents) return null;
  // Newest first: a paid invoice wins over an older one, a fresh one over a voided one.
  const find = (stage: "deposit" | "final") =>
    bills.find((b) => b.stage === stage && b.status === "paid") ??
    bills.find((b) => b.stage === stage && b.status !== "void");
  const deposit = find("deposit");
  const balance = find("final");
  const paid = (bill: Bill | undefined) => (bill?.status === "paid" ? bill.subtotalCents : undefined);
  const depositCents = paid(deposit) ?? Math.round((row.quoteCents * (row.depositPercent ?? 0)) / 100);
  return {
    depositCents,
    // A quote lowered below the deposit paid leaves nothing to pay (what to give back is the artist's call).
    balanceCents: paid(balance) ?? Math.max(0, row.quoteCents - depositCents),
    deposit: deposit ? billView(deposit) : null,
    balance: balance ? billView(balance) : null,
  };
}

const log = logCommissionEvent;

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
  note: requiredText("Write the note first.", 4_000, "Keep a note under 4,000 characters."),
});

export async function addNote(id: string, note: string, actor: Actor): Promise<void> {
  await log(id, actor, { kind: "note", note });
}

// --- Payments ---------------------------------------------------------------------------------------------

export type PaymentPart = "deposit" | "balance";
const PART_LABEL: Record<PaymentPart, string> = { deposit: "Deposit", balance: "Balance" };
const INVOICE_STAGE = { deposit: "deposit", balance: "final" } as const;

/**
 * What the client pays next: the deposit until it is paid, then the balance; null when nothing is due (no quote,
 * all paid, or the commission declined).
 */
export function duePart(payments: ReturnType<typeof paymentsOf>, stage: CommissionStage): PaymentPart | null {
  if (!payments || !mayInvoiceCommission(stage)) return null;
  if (payments.depositCents > 0 && !payments.deposit?.paid) return "deposit";
  if (payments.balanceCents > 0 && !payments.balance?.paid) return "balance";
  return null;
}

/** A card payment Stripe reported for a commission (checkout.session.completed, signature checked). */
export interface CardPayment {
  event: { id: string; type: string };
  sessionId: string;
  amountCents: number | null;
  currency: string | null;
}

type Settled =
  | { ok: false; error: string }
  | { ok: true; status: "paid" | "already-paid"; number: string; amountCents: number; name: string }
  | {
      ok: true;
      status: "duplicate-event" | "amount-mismatch" | "paid-twice" | "declined";
      number?: string;
      name?: string;
    };

/**
 * The one way a deposit or balance becomes paid, whoever reports it (the artist's "mark paid" or Stripe's
 * webhook): in one transaction, with the commission's row locked so that two reports make one payment, the
 * part's invoice (the unpaid one at today's amount, made now if there is none) is marked paid and the payment
 * is in the history. A card report is also recorded as a processed webhook event, so a replay changes nothing.
 */
async function settlePayment(id: string, part: PaymentPart, actor: Actor, card?: CardPayment): Promise<Settled> {
  const settled = await db().transaction(async (tx): Promise<Settled> => {
    if (card && !(await claimWebhookEvent(tx, { provider: "stripe", id: card.event.id, type: card.event.type })))
      return { ok: true, status: "duplicate-event" };
    const [row] = await tx.select().from(commissions).where(eq(commissions.id, id)).for("update");
    if (!row) return { ok: false, error: "This commission no longer exists." };
    const payments = paymentsOf(row, await billsOf(id, tx));
    if (!payments) return { ok: false, error: "Save a quote first: it says what is owed." };
    const existing = part === "deposit" ? payments.deposit : payments.balance;
    const amount = part === "deposit" ? payments.depositCents : payments.balanceCents;
    if (existing?.paid) {
      if (!card)
        return { ok: true, status: "already-paid", number: existing.number, amountCents: amount, name: row.name };
      // The same checkout reported again under another event id: nothing to do. Another one: money twice.
      const [seen] = await tx
        .select({ id: commissionEvents.id })
        .from(commissionEvents)
        .where(and(eq(commissionEvents.commissionId, id), eq(commissionEvents.fromValue, card.sessionId)));
      if (seen) return { ok: true, status: "duplicate-event" };
      await log(
        id,
        { name: "Stripe" },
        {
          kind: "note",
          note: `A second card payment of ${formatPrice(card.amountCents)} arrived for the ${part}, already paid (invoice ${existing.number}; checkout ${card.sessionId}). Refund it from the Stripe dashboard.`,
        },
        tx,
      );
      return { ok: true, status: "paid-twice", number: existing.number, name: row.name };
    }
    if (!mayInvoiceCommission(row.stage)) {
      if (!card) return { ok: false, error: declinedCommission(row.name) };
      // Paid on Stripe's page after the artist declined the commission: the money is there, the invoice is not.
      await log(
        id,
        { name: "Stripe" },
        {
          kind: "note",
          note: `A card payment of ${formatPrice(card.amountCents)} arrived for the ${part} after the commission was declined (checkout ${card.sessionId}). Not marked paid: refund it from the Stripe dashboard, or move the commission to another stage and mark the ${part} paid.`,
        },
        tx,
      );
      return { ok: true, status: "declined", name: row.name };
    }
    if (amount <= 0) return { ok: false, error: `There is no ${part} to pay on this quote.` };
    if (card && (card.amountCents !== amount || (card.currency ?? "").toUpperCase() !== "USD")) {
      await log(
        id,
        { name: "Stripe" },
        {
          kind: "note",
          note: `Stripe reported ${card.amountCents ?? "no amount"} ${(card.currency ?? "?").toUpperCase()} (in cents) for the ${part}, which is ${formatPrice(amount)} now (checkout ${card.sessionId}). Not marked paid: check the quote and Stripe.`,
        },
        tx,
      );
      return { ok: true, status: "amount-mismatch", name: row.name };
    }
    const invoiceId = await unpaidInvoiceFor(row, part, amount, existing, tx);
    const paid = await markInvoicePaid(invoiceId, tx);
    await log(
      id,
      actor,
      {
        kind: "payment",
        from: card?.sessionId ?? null,
        to: formatPrice(amount),
        note: `${PART_LABEL[part]} paid${card ? " by card" : ""} (invoice ${paid.number})`,
      },
      tx,
    );
    return { ok: true, status: "paid", number: paid.number, amountCents: amount, name: row.name };
  });
  if (
    settled.ok &&
    (settled.status === "paid" ||
      settled.status === "paid-twice" ||
      settled.status === "amount-mismatch" ||
      settled.status === "declined")
  )
    await notifyAdmins({
      type: settled.status === "paid" ? "success" : "warning",
      priority: settled.status === "paid" ? "normal" : "high",
      title:
        settled.status === "paid"
          ? `${PART_LABEL[part]} paid: ${settled.name}`
          : `Check a card payment from ${settled.name}`,
      message:
        settled.status === "paid"
          ? `${formatPrice(settled.amountCents)}${card ? " by card" : ""} · invoice ${settled.number}`
          : settled.status === "paid-twice"
            ? `The ${part} was paid twice; refund one from Stripe.`
            : settled.status === "declined"
              ? `A card payment arrived for the ${part} of a declined commission; not marked paid.`
              : `The amount Stripe reported for the ${part} does not match the quote; not marked paid.`,
      link: adminPaths.commission(id),
    });
  return settled;
}

/** The part's invoice to pay: the unpaid one when it is for today's amount (else voided), or a new one. */
async function unpaidInvoiceFor(
  row: typeof commissions.$inferSelect,
  part: PaymentPart,
  amount: number,
  existing: { invoiceId: string; totalCents: number } | null,
  tx: Database,
): Promise<string> {
  if (existing && existing.totalCents === amount) return existing.invoiceId;
  // The quote changed since that invoice was made: it no longer says what is owed.
  if (existing) await voidInvoice(existing.invoiceId, tx);
  const invoice = await createCommissionInvoice(
    {
      commissionId: row.id,
      stage: INVOICE_STAGE[part],
      description: `${PART_LABEL[part]} for the commission: ${row.description.slice(0, 120)}`,
      amountCents: amount,
      taxCents: 0,
      buyerAddress: "",
      notes: row.quoteTerms,
    },
    tx,
  );
  return invoice.id;
}

/**
 * Marks the deposit or the balance paid: a bank transfer or cash the artist received. Its invoice is marked
 * paid (made now if there is none) and the payment is in the history; twice is still once.
 */
export async function markCommissionPaid(
  id: string,
  part: PaymentPart,
  actor: Actor,
): Promise<ActionResult<{ number: string }>> {
  const settled = await settlePayment(id, part, actor);
  if (!settled.ok) return settled;
  return { ok: true, number: settled.number ?? "" };
}

/** Stripe's webhook reporting a commission's card payment: the same effect as "mark paid", at most once. */
export async function commissionPaidByCard(
  input: CardPayment & { commissionId: string; part: string | undefined },
): Promise<string> {
  const part = input.part === "deposit" || input.part === "balance" ? input.part : undefined;
  if (!part || !z.uuid().safeParse(input.commissionId).success) return "unknown-commission";
  const settled = await settlePayment(input.commissionId, part, { name: "Card payment (Stripe)" }, input);
  return settled.ok ? `commission-${settled.status}` : "unknown-commission";
}

/** Checkout Sessions live an hour; one idempotency key per quarter hour makes a double click one session. */
const SESSION_BUCKET_MS = 15 * 60_000;

export type ClientPayment =
  | { ok: true; kind: "card"; url: string }
  | { ok: true; kind: "bank"; part: PaymentPart; number: string }
  | { ok: false; error: string };

/**
 * The client asks to pay what is due from their private page: with Stripe, a Checkout Session (the webhook
 * marks it paid); without, the invoice to pay by bank transfer (made now if there is none), which the artist
 * marks paid when the money arrives.
 */
export async function startClientPayment(token: string | undefined, part: PaymentPart): Promise<ClientPayment> {
  const id = readClientToken(token);
  const detail = id ? await getCommissionDetail(id) : undefined;
  if (!detail) return { ok: false, error: "This link is not valid." };
  if (duePart(detail.payments, detail.stage) !== part || !detail.payments)
    return { ok: false, error: `The ${part} is not due: the page shows what is.` };
  const amount = part === "deposit" ? detail.payments.depositCents : detail.payments.balanceCents;
  const card = cardPayments();
  if (!card) {
    const existing = part === "deposit" ? detail.payments.deposit : detail.payments.balance;
    const invoiceId = await db().transaction(async (tx) => {
      const [row] = await tx.select().from(commissions).where(eq(commissions.id, detail.id)).for("update");
      const fresh = paymentsOf(row!, await billsOf(detail.id, tx));
      const current = (part === "deposit" ? fresh?.deposit : fresh?.balance) ?? existing;
      return unpaidInvoiceFor(row!, part, amount, current, tx);
    });
    const [bill] = await db().select({ number: invoices.number }).from(invoices).where(eq(invoices.id, invoiceId));
    return { ok: true, kind: "bank", part, number: bill!.number };
  }
  const bucket = Math.floor(Date.now() / SESSION_BUCKET_MS);
  const url = clientUrl(detail.id);
  const session = await card.startOneOffPayment({
    reference: detail.id,
    email: detail.email,
    name: `${PART_LABEL[part]}: commission for ${detail.name}`,
    amountCents: amount,
    currency: "USD",
    metadata: { commission_id: detail.id, commission_part: part },
    successUrl: `${url}?paid=${part}`,
    cancelUrl: url,
    expiresAt: Math.floor(((bucket + 1) * SESSION_BUCKET_MS) / 1000) + 45 * 60,
    idempotencyKey: `commission-${detail.id}-${part}-${amount}-${bucket}`,
  });
  return { ok: true, kind: "card", url: session.url };
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

/**
 * The client's page: stage, quote, payments (what is due and how to pay it), the reference images they sent
 * and the artist's progress photos; never the artist's notes or anyone else's details.
 */
export async function commissionForClient(token: string | undefined) {
  const id = readClientToken(token);
  if (!id) return undefined;
  const detail = await getCommissionDetail(id);
  if (!detail) return undefined;
  const [images, settings] = await Promise.all([listCommissionImages(id), getSettings()]);
  const due = duePart(detail.payments, detail.stage);
  const dueBill = due === "deposit" ? detail.payments?.deposit : due === "balance" ? detail.payments?.balance : null;
  const dueCents = due === "deposit" ? detail.payments?.depositCents : detail.payments?.balanceCents;
  const depositPaid = detail.payments?.deposit?.paid ?? false;
  const balancePaid = detail.payments?.balance?.paid ?? false;
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
          depositPaid,
          depositStatus: paymentStatus("deposit", depositPaid, detail.stage),
          balance: formatPrice(detail.payments.balanceCents),
          balancePaid,
          balanceStatus: paymentStatus("balance", balancePaid, detail.stage),
        }
      : null,
    /** What to pay now: by card (Stripe) or by bank transfer quoting the invoice, once it is made. */
    due:
      due && dueCents
        ? {
            part: due,
            amount: formatPrice(dueCents),
            method: cardPayments() ? ("card" as const) : ("bank" as const),
            // Only an invoice for today's amount: an older one is replaced when the client asks to pay.
            invoiceNumber: dueBill && dueBill.totalCents === dueCents ? dueBill.number : null,
            instructions: settings.shop.paymentInstructions,
          }
        : null,
    references: images.references.map((i, n) => ({ id: i.id, image: i.image, alt: `Reference image ${n + 1}` })),
    progress: images.progress.map((i) => ({ id: i.id, image: i.image, caption: i.caption, at: i.createdAt })),
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
  q: searchParam(),
  stage: choiceParam(COMMISSION_STAGES),
  page: pageField,
});
export type CommissionListFilter = z.infer<typeof CommissionListSchema>;

/** Every commission, newest first, searched by name, e-mail or description, by stage; a page at a time. */
export async function listCommissionPage(filter: CommissionListFilter) {
  const where = and(
    filter.stage ? eq(commissions.stage, filter.stage) : undefined,
    containing(filter.q, commissions.name, commissions.email, commissions.description),
  );
  const query = db()
    .select({ ...commissionColumns, quoteCents: commissions.quoteCents, createdAt: commissions.createdAt })
    .from(commissions)
    .where(where)
    .orderBy(...newestFirst(commissions))
    .$dynamic();
  return pageOf(query, db().$count(commissions, where), filter.page, COMMISSIONS_PAGE_SIZE);
}
