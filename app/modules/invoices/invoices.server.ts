// Invoices: for shop orders (lines copied from the order as sold) and for commissions (a deposit or the final
// amount, entered by the artist). Numbers are INV-{year}-{sequence}, allocated gap-free in the transaction
// that creates the invoice; a void invoice keeps its number. An order's invoice follows its order
// (order-invoice.server.ts), and what it allows depends on where the order stands (invoice-rules.ts). Owns:
// invoices, invoice_lines, invoice_number_counters. Exposes: create, list, read, send (mail outbox, PDF
// attached), mark paid, void, record the refund of a payment for an order that is no sale.
import { and, asc, eq, ne } from "drizzle-orm";
import { db, nextInYear, type Database } from "~/db/client.server";
import { invoiceLines, invoices, type CommissionInvoiceStage, type InvoiceStatus } from "~/db/schema";
import { formatPrice } from "~/lib/money";
import { declinedCommission, mayInvoiceCommission } from "~/lib/inquiries";
import { getCommission } from "~/modules/inbox/inbox-admin.server";
import { sendMail } from "~/modules/mail/mail.server";
import { getSettings } from "~/modules/settings/settings.server";
import { getOrder, lockOrder, OrderError, orderStandings, type OrderWithItems } from "~/modules/shop/orders.server";
import { addDays, dayIn } from "~/lib/dates";
import {
  DEFAULT_PAYMENT_TERM_DAYS,
  INVOICES_PAGE_SIZE,
  formatInvoiceDay,
  invoiceActions,
  invoiceNumber,
  invoiceRefusal,
  invoiceTotals,
  type InvoiceAction,
  type InvoicedOrder,
  type InvoiceLineInput,
} from "./invoice-rules";
import { isSold, mayBeInvoiced } from "~/modules/shop/order-status";
import { markOrderPaid, refundUnsoldOrder } from "~/modules/shop/order-actions.server";
import { DomainError } from "~/lib/domain-error";
import { containing, newestFirst, pageOf } from "~/db/list-queries.server";

export type Invoice = typeof invoices.$inferSelect;
export type InvoiceLine = typeof invoiceLines.$inferSelect;
export interface InvoiceWithLines extends Invoice {
  lines: InvoiceLine[];
}

export class InvoiceError extends DomainError<"not-found" | "invalid-transition" | "due-before-issue"> {}

/** The next number of the year (its counter row locked until the caller's transaction ends). */
async function allocateNumber(tx: Database, year: number): Promise<{ sequence: number; number: string }> {
  const sequence = await nextInYear(tx, "invoice_number_counters", year);
  return { sequence, number: invoiceNumber(year, sequence) };
}

interface NewInvoice {
  kind: "order" | "commission";
  orderId?: string;
  commissionId?: string;
  commissionStage?: CommissionInvoiceStage;
  status?: InvoiceStatus;
  paidAt?: Date | null;
  issueDate: string;
  dueDate: string;
  buyerName: string;
  buyerEmail: string;
  buyerAddress: string;
  currency?: string;
  lines: InvoiceLineInput[];
  shippingCents: number;
  taxCents: number;
  taxLabel?: string;
  notes?: string;
}

async function insertInvoice(input: NewInvoice, database: Database = db()): Promise<Invoice> {
  return database.transaction(async (tx) => {
    const year = Number(input.issueDate.slice(0, 4));
    const { sequence, number } = await allocateNumber(tx, year);
    const totals = invoiceTotals(input.lines, input.shippingCents, input.taxCents);
    const [invoice] = await tx
      .insert(invoices)
      .values({
        number,
        year,
        sequence,
        kind: input.kind,
        orderId: input.orderId ?? null,
        commissionId: input.commissionId ?? null,
        commissionStage: input.commissionStage ?? null,
        status: input.status ?? "draft",
        paidAt: input.paidAt ?? null,
        issueDate: input.issueDate,
        dueDate: input.dueDate,
        buyerName: input.buyerName,
        buyerEmail: input.buyerEmail.trim().toLowerCase(),
        buyerAddress: input.buyerAddress,
        currency: input.currency ?? "USD",
        ...totals,
        taxLabel: input.taxLabel ?? "Tax",
        notes: input.notes ?? "",
      })
      .returning();
    await tx
      .insert(invoiceLines)
      .values(input.lines.map((line, position) => ({ ...line, invoiceId: invoice!.id, position })));
    return invoice!;
  });
}

/** The studio's today (its time zone) and the default due date. */
async function invoiceDays(issueDate?: string, tx: Database = db()) {
  const settings = await getSettings(tx);
  const issue = issueDate ?? dayIn(new Date(), settings.shop.timeZone);
  return { issueDate: issue, dueDate: addDays(issue, DEFAULT_PAYMENT_TERM_DAYS), settings };
}

/**
 * One click from an order: the works, shipping and tax as sold. An order has one live invoice (decision 0013):
 * when it already has one that is not void, that one is returned (created: false).
 */
export async function createInvoiceFromOrder(orderId: string): Promise<{ invoice: Invoice; created: boolean }> {
  return db().transaction(async (tx) => {
    // The order's row lock makes a second click at the same moment wait, then find the first's invoice; the
    // unique index invoices_order_live_idx backs the rule.
    const order = (await lockOrder(tx, orderId)) && (await getOrder(orderId, tx));
    if (!order) throw new InvoiceError("not-found", "That order does not exist.");
    const existing = await invoiceForOrder(orderId, tx);
    if (existing) return { invoice: existing, created: false };
    // A cancelled or refunded order asks for no money: its invoice would be one the buyer must not pay.
    if (!mayBeInvoiced(order.status))
      throw new InvoiceError(
        "invalid-transition",
        `Order ${order.number} was ${order.status}: it has nothing to invoice.`,
      );
    return { invoice: await insertInvoice(await orderInvoice(tx, order), tx), created: true };
  });
}

/** What an order's invoice says: the order as sold; paid already if the order is. */
async function orderInvoice(tx: Database, order: OrderWithItems): Promise<NewInvoice> {
  const { issueDate, dueDate, settings } = await invoiceDays(undefined, tx);
  const paid = isSold(order.status);
  const address =
    order.fulfilment === "pickup"
      ? "Collected from the studio"
      : [
          order.addressLine1,
          order.addressLine2,
          [order.city, [order.region, order.postalCode].filter(Boolean).join(" ")].filter(Boolean).join(", "),
          order.country,
        ]
          .filter(Boolean)
          .join("\n");
  const taxLabel = order.taxRateBps
    ? `${settings.shop.taxLabel} ${(order.taxRateBps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })} %`
    : settings.shop.taxLabel;
  return {
    kind: "order",
    orderId: order.id,
    status: paid ? "paid" : "draft",
    paidAt: paid ? (order.paidAt ?? new Date()) : null,
    issueDate,
    dueDate: paid ? issueDate : dueDate,
    buyerName: order.name,
    buyerEmail: order.email,
    buyerAddress: address,
    currency: order.currency,
    lines: order.items.map((item) => ({
      description: [item.title, [item.medium, item.size, item.year].filter(Boolean).join(", ")]
        .filter(Boolean)
        .join(" — "),
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
    })),
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    taxLabel,
    notes: `Order ${order.number}.`,
  };
}

export interface CommissionInvoiceInput {
  commissionId: string;
  stage: CommissionInvoiceStage;
  description: string;
  amountCents: number;
  taxCents: number;
  buyerAddress: string;
  issueDate?: string;
  dueDate?: string;
  notes: string;
}

/** A commission's deposit or final invoice: one line of the amount the artist entered. */
export async function createCommissionInvoice(input: CommissionInvoiceInput, tx: Database = db()): Promise<Invoice> {
  const commission = await getCommission(input.commissionId, tx);
  if (!commission) throw new InvoiceError("not-found", "That commission does not exist.");
  // A declined commission asks for no money: its invoice would be one the client must not pay.
  if (!mayInvoiceCommission(commission.stage))
    throw new InvoiceError("invalid-transition", declinedCommission(commission.name));
  const days = await invoiceDays(input.issueDate, tx);
  const dueDate = input.dueDate ?? days.dueDate;
  // The form compares the two days it was given; an empty issue date is today, known only here.
  if (dueDate < days.issueDate)
    throw new InvoiceError(
      "due-before-issue",
      "The due date cannot be before the issue date, today when it is left empty.",
    );
  return insertInvoice(
    {
      kind: "commission",
      commissionId: commission.id,
      commissionStage: input.stage,
      issueDate: days.issueDate,
      dueDate,
      buyerName: commission.name,
      buyerEmail: commission.email,
      buyerAddress: input.buyerAddress,
      lines: [{ description: input.description, quantity: 1, unitPriceCents: input.amountCents }],
      shippingCents: 0,
      taxCents: input.taxCents,
      taxLabel: days.settings.shop.taxLabel,
      notes: input.notes,
    },
    tx,
  );
}

export async function listInvoices({
  q,
  status,
  page = 1,
}: {
  q?: string;
  status?: InvoiceStatus;
  page?: number;
}): Promise<{ invoices: (Invoice & { order?: InvoicedOrder })[]; total: number }> {
  const where = and(
    status ? eq(invoices.status, status) : undefined,
    containing(q, invoices.number, invoices.buyerName, invoices.buyerEmail),
  );
  const query = db()
    .select()
    .from(invoices)
    .where(where)
    .orderBy(...newestFirst(invoices))
    .$dynamic();
  const { rows, total } = await pageOf(query, db().$count(invoices, where), page, INVOICES_PAGE_SIZE);
  const orders = await orderStandings(rows.flatMap((row) => (row.orderId ? [row.orderId] : [])));
  return { invoices: rows.map((row) => ({ ...row, order: row.orderId ? orders.get(row.orderId) : undefined })), total };
}

/** Where an invoice's order stands now (undefined for a commission's invoice, or an order no longer kept). */
export async function orderOfInvoice(
  invoice: Pick<Invoice, "orderId">,
  tx: Database = db(),
): Promise<InvoicedOrder | undefined> {
  return invoice.orderId ? (await orderStandings([invoice.orderId], tx)).get(invoice.orderId) : undefined;
}

export async function getInvoice(id: string, tx: Database = db()): Promise<InvoiceWithLines | undefined> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!invoice) return undefined;
  const lines = await tx
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.position))
    .limit(500);
  return { ...invoice, lines };
}

/**
 * Loads the invoice locked for update and checks the action is allowed in its status and, for an order's invoice,
 * with its order where it stands: the order is locked first, as every move of the order takes it before its
 * invoice (moveOrder), so a cancellation or refund in flight either is seen here or waits for this.
 */
async function lockFor(tx: Database, id: string, action: InvoiceAction): Promise<InvoiceWithLines> {
  const [head] = await tx.select({ orderId: invoices.orderId }).from(invoices).where(eq(invoices.id, id)).limit(1);
  if (!head) throw new InvoiceError("not-found", "That invoice does not exist.");
  const order = head.orderId ? await lockOrder(tx, head.orderId) : undefined;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for("update").limit(1);
  if (!row) throw new InvoiceError("not-found", "That invoice does not exist.");
  const refusal = invoiceRefusal(action, row.status, order);
  if (refusal) throw new InvoiceError("invalid-transition", refusal);
  return (await getInvoice(id, tx))!;
}

/**
 * The artist marks an invoice paid from its page. An order's invoice pays its order too when the order still
 * waits for a bank transfer: one payment, recorded on both (the order's Mark paid marks its invoice, so the
 * invoice's marks the order), else the reservation would lapse and put a paid-for work back on sale. An order
 * that is paid by card, cancelled or refunded meanwhile is refused with the reason (invoice-rules.ts), never
 * left with a Paid invoice.
 */
export async function recordInvoicePayment(id: string, admin: { id: string; email: string }): Promise<void> {
  const invoice = await getInvoice(id);
  if (!invoice) throw new InvoiceError("not-found", "That invoice does not exist.");
  const order = invoice.orderId ? await getOrder(invoice.orderId) : undefined;
  if (
    order?.status === "awaiting_payment" &&
    order.provider === "manual" &&
    invoiceActions(invoice.status).includes("mark-paid")
  ) {
    await asInvoiceError(() =>
      markOrderPaid(order.id, { kind: "admin", ...admin }, `Invoice ${invoice.number} marked paid.`),
    );
    return;
  }
  await markInvoicePaid(id);
}

/**
 * A paid invoice whose order is no sale (cancelled, lapsed, or still unpaid: data from before an invoice's
 * payment paid its order) had its money given back by the artist: the order is recorded refunded (an unpaid one's
 * works put back) and the invoice follows it, Refunded.
 */
export async function recordInvoiceRefund(
  id: string,
  admin: { id: string; email: string },
): Promise<{ invoice: Invoice; orderNumber: string }> {
  const invoice = await getInvoice(id);
  if (!invoice) throw new InvoiceError("not-found", "That invoice does not exist.");
  const refusal = invoiceRefusal("record-refund", invoice.status, await orderOfInvoice(invoice));
  if (refusal) throw new InvoiceError("invalid-transition", refusal);
  const order = await asInvoiceError(() =>
    refundUnsoldOrder(
      invoice.orderId!,
      { kind: "admin", ...admin },
      `Invoice ${invoice.number} was marked paid for this order, which is no sale: the payment was given back to the buyer.`,
      // Under the order's lock: the invoice is still paid, and the order still no sale.
      (tx) => lockFor(tx, id, "record-refund").then(() => undefined),
    ),
  );
  return { invoice: (await getInvoice(id))!, orderNumber: order.number };
}

/** An order's refusal (cancelled meanwhile, paid by card just now) said as the invoice's. */
async function asInvoiceError<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof OrderError) throw new InvoiceError("invalid-transition", error.message);
    throw error;
  }
}

export function markInvoicePaid(id: string, database: Database = db()): Promise<Invoice> {
  return closeInvoice(id, "mark-paid", { status: "paid", paidAt: new Date() }, database);
}

/** Voids an invoice; its number stays taken (the counter never goes back). */
export function voidInvoice(id: string, database: Database = db()): Promise<Invoice> {
  return closeInvoice(id, "void", { status: "void", voidedAt: new Date() }, database);
}

/** Moves an invoice to its final status, if the action is allowed in its current one (under its row lock). */
function closeInvoice(
  id: string,
  action: "mark-paid" | "void",
  change: { status: "paid"; paidAt: Date } | { status: "void"; voidedAt: Date },
  database: Database,
): Promise<Invoice> {
  return database.transaction(async (tx) => {
    await lockFor(tx, id, action);
    const [row] = await tx
      .update(invoices)
      .set({ ...change, updatedAt: new Date() })
      .where(eq(invoices.id, id))
      .returning();
    return row!;
  });
}

/** The PDF renderer (pdf-lib) loads with the first invoice drawn, not with the server. */
const loadInvoicePdf = () => import("./invoice-pdf.server");

export function invoiceFileName(invoice: Pick<Invoice, "number">): string {
  return `${invoice.number}.pdf`;
}

/** The invoice as a PDF, with the studio's details from settings. */
export async function renderInvoicePdf(invoice: InvoiceWithLines): Promise<Uint8Array> {
  const settings = await getSettings();
  const { invoicePdf } = await loadInvoicePdf();
  return invoicePdf(invoice, {
    artistName: settings.artistName,
    contactEmail: settings.contactEmail,
    locationLine: settings.locationLine,
  });
}

/**
 * Queues the invoice to the buyer through the mail outbox (HTML and text, the PDF attached) and marks a draft
 * sent, in one transaction: the message exists exactly when the status says it was sent.
 */
export async function sendInvoice(id: string): Promise<{ invoice: Invoice; mailId: string }> {
  const settings = await getSettings();
  return db().transaction(async (tx) => {
    const invoice = await lockFor(tx, id, "send");
    const { invoicePdf } = await loadInvoicePdf();
    const pdf = await invoicePdf(invoice, {
      artistName: settings.artistName,
      contactEmail: settings.contactEmail,
      locationLine: settings.locationLine,
    });
    const money = (cents: number) => formatPrice(cents, invoice.currency);
    const mailId = await sendMail(
      invoice.buyerEmail,
      "invoice",
      {
        number: invoice.number,
        name: invoice.buyerName,
        lines: [
          ...invoice.lines.map((l) => ({
            label: l.quantity > 1 ? `${l.description} × ${l.quantity}` : l.description,
            amount: money(l.quantity * l.unitPriceCents),
          })),
          ...(invoice.shippingCents ? [{ label: "Shipping", amount: money(invoice.shippingCents) }] : []),
          ...(invoice.taxCents ? [{ label: invoice.taxLabel, amount: money(invoice.taxCents) }] : []),
        ],
        total: money(invoice.totalCents),
        dueDate: formatInvoiceDay(invoice.dueDate),
        paid: invoice.status === "paid",
        notes: invoice.notes,
        contactEmail: settings.contactEmail,
      },
      tx,
      [
        {
          filename: invoiceFileName(invoice),
          contentType: "application/pdf",
          contentBase64: Buffer.from(pdf).toString("base64"),
        },
      ],
    );
    const [row] = await tx
      .update(invoices)
      .set({
        status: invoice.status === "draft" ? "sent" : invoice.status,
        sentAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, id))
      .returning();
    return { invoice: row!, mailId };
  });
}

/** The live (not void) invoice of an order, for the order page's link. */
export async function invoiceForOrder(orderId: string, tx: Database = db()): Promise<Invoice | undefined> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), ne(invoices.status, "void")))
    .limit(1);
  return row;
}
