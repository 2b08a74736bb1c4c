// Invoice Generation: an order's invoice copies the order as sold, once (also for two clicks at once); numbers
// are per year, unique and without gaps even when twenty invoices are created at once or a creation fails; voiding
// keeps the number; sending queues the buyer's e-mail with the PDF attached; the route refuses a due date before
// the issue date; an order's invoice is paid or voided with its order.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { and, eq, ne, sql } from "drizzle-orm";
import { migrationsFolder } from "~/db/client.server";
import { beforeAll, describe, expect, it } from "vitest";
import { invoices, mailOutbox } from "~/db/schema";
import {
  createCommissionInvoice,
  createInvoiceFromOrder,
  getInvoice,
  listInvoices,
  markInvoicePaid,
  recordInvoicePayment,
  recordInvoiceRefund,
  sendInvoice,
  voidInvoice,
} from "~/modules/invoices/invoices.server";
import { cancelOrder, expireReservation, markOrderPaid, refundOrder } from "~/modules/shop/order-actions.server";
import { getOrder } from "~/modules/shop/orders.server";
import { setCommissionStage } from "~/modules/inbox/commission-pipeline.server";
import { loader as orderLoader } from "~/routes/admin/order";
import { action as invoicesAction, loader as invoicesLoader } from "~/routes/admin/invoices";
import { action as invoiceAction, loader as invoiceLoader } from "~/routes/admin/invoice";
import { sendCommission } from "../support/inquiry-data";
import { BACKENDS, useTestServices } from "../support/harness";
import { BUYER, callRoute, formOf, placedOrderOf, seedShopSettings, seedWork, stockRow } from "../support/shop-data";
import { adminCookie } from "../support/admin-session";

const artist = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };

describe.each(BACKENDS)("invoices on %s", (backend) => {
  const ctx = useTestServices(backend);
  let commissionId: string;
  beforeAll(async () => {
    await seedShopSettings();
    const { id } = await sendCommission({
      name: "Ben Ortega",
      email: "Ben@Example.com",
    });
    commissionId = id;
  });

  const commissionInvoice = (issueDate: string, amountCents = 100_000, extra: Partial<{ dueDate: string }> = {}) =>
    createCommissionInvoice({
      commissionId,
      stage: "deposit",
      description: "Deposit for a commissioned painting",
      amountCents,
      taxCents: 0,
      buyerAddress: "",
      issueDate,
      notes: "",
      ...extra,
    });

  it("copies an order as sold, once", async () => {
    const work = await seedWork({ title: "Bayou Light", priceCents: 240_000 });
    const order = await placedOrderOf(work);

    const { invoice, created } = await createInvoiceFromOrder(order.id);
    expect(created).toBe(true);
    expect(invoice.number).toMatch(/^INV-\d{4}-0001$/);
    expect(invoice).toMatchObject({
      kind: "order",
      status: "draft",
      buyerName: BUYER.name,
      buyerEmail: BUYER.email,
      subtotalCents: order.subtotalCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
      currency: "USD",
    });
    expect(invoice.totalCents).toBe(240_000 + order.shippingCents + Math.round((240_000 * 945) / 10_000));
    const full = await getInvoice(invoice.id);
    expect(full!.lines).toEqual([
      expect.objectContaining({
        description: 'Bayou Light — Oil on canvas, 24" x 30", 2025',
        quantity: 1,
        unitPriceCents: 240_000,
      }),
    ]);
    expect(full!.buyerAddress).toContain("1 Esplanade Ave");

    // A second click finds the same invoice instead of numbering another.
    const again = await createInvoiceFromOrder(order.id);
    expect(again).toMatchObject({ created: false, invoice: { id: invoice.id } });
  });

  it("numbers twenty invoices created at once 1 to 20, without gaps or repeats", async () => {
    const created = await Promise.all(Array.from({ length: 20 }, (_, i) => commissionInvoice("2031-03-02", 1_000 + i)));
    const sequences = created.map((i) => i.sequence).sort((a, b) => a - b);
    expect(sequences).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(new Set(created.map((i) => i.number)).size).toBe(20);
    expect(created.every((i) => /^INV-2031-00\d\d$/.test(i.number))).toBe(true);
    // Another year starts again at 1.
    expect((await commissionInvoice("2032-01-01")).number).toBe("INV-2032-0001");
  });

  it("gives back the number of an invoice whose creation failed, and never the number of a void one", async () => {
    const first = await commissionInvoice("2033-02-01");
    expect(first.number).toBe("INV-2033-0001");
    // The database refuses a due date before the issue date after the number was taken: it is given back.
    await expect(commissionInvoice("2033-02-01", 5_000, { dueDate: "2033-01-01" })).rejects.toThrow();
    const second = await commissionInvoice("2033-02-01");
    expect(second.number).toBe("INV-2033-0002");

    const voided = await voidInvoice(second.id);
    expect(voided).toMatchObject({ status: "void", number: "INV-2033-0002" });
    expect(voided.voidedAt).toBeInstanceOf(Date);
    await expect(markInvoicePaid(second.id)).rejects.toThrow(/void invoice cannot be marked paid/);
    const third = await commissionInvoice("2033-02-03");
    expect(third.number).toBe("INV-2033-0003");

    const paid = await markInvoicePaid(third.id);
    expect(paid.status).toBe("paid");
    await expect(voidInvoice(third.id)).rejects.toThrow(/paid invoice cannot be voided/);
  });

  it("sends the invoice to the buyer through the outbox with its PDF, and marks it sent", async () => {
    const invoice = await commissionInvoice("2034-06-01", 123_456);
    const { invoice: sent, mailId } = await sendInvoice(invoice.id);
    expect(sent.status).toBe("sent");
    expect(sent.sentAt).toBeInstanceOf(Date);
    const [mail] = await ctx.handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
    expect(mail).toMatchObject({ toAddress: "ben@example.com", template: "invoice" });
    expect(mail!.subject).toBe(`Invoice ${invoice.number} from Test Artist`);
    expect(mail!.text).toContain("$1,234.56");
    expect(mail!.html).toContain(invoice.number);
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments[0]).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: "application/pdf" });
    const [pdf] = mail!.attachments;
    expect("contentBase64" in pdf! && Buffer.from(pdf.contentBase64, "base64").subarray(0, 5).toString()).toBe("%PDF-");

    await voidInvoice(invoice.id);
    await expect(sendInvoice(invoice.id)).rejects.toThrow(/void invoice cannot be sent/);
  });

  it("lists invoices by status and search", async () => {
    const voidOnes = await listInvoices({ status: "void" });
    expect(voidOnes.invoices.every((i) => i.status === "void")).toBe(true);
    expect(voidOnes.total).toBe(2);
    const byNumber = await listInvoices({ q: "INV-2033-0003" });
    expect(byNumber.invoices.map((i) => i.number)).toEqual(["INV-2033-0003"]);
    expect((await listInvoices({ q: "ortega" })).total).toBeGreaterThan(20);
    const [count] = await ctx.handle.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(eq(invoices.number, "nothing"));
    expect(count).toBeUndefined();
  });

  it("refuses a commission invoice with a due date before its issue date, the message beside the field", async () => {
    const cookie = await adminCookie();
    const form = formOf({
      intent: "for-commission",
      commissionId,
      stage: "final",
      description: "Final payment",
      amount: "1,500",
      issueDate: "2035-05-10",
      dueDate: "2035-05-01",
    });
    const answer = await callRoute(invoicesAction, "/admin/invoices", { form, cookie });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      intent: "for-commission",
      fieldErrors: { dueDate: "The due date cannot be before the issue date." },
    });
    // Said at once with the other fields' mistakes, not only once they are right.
    form.set("amount", "12.5x");
    const both = await callRoute(invoicesAction, "/admin/invoices", { form, cookie });
    expect(both.body).toMatchObject({
      fieldErrors: {
        amount: "Enter the amount in dollars, e.g. 1250 or 1250.50.",
        dueDate: "The due date cannot be before the issue date.",
      },
    });
    form.set("dueDate", "2035-06-01");
    const bad = await callRoute(invoicesAction, "/admin/invoices", { form, cookie });
    expect(bad.body).toMatchObject({ fieldErrors: { amount: "Enter the amount in dollars, e.g. 1250 or 1250.50." } });
    form.set("amount", "1,500");
    const good = await callRoute(invoicesAction, "/admin/invoices", { form, cookie });
    expect(good.status).toBe(302);
    expect(good.location).toMatch(/^\/admin\/invoices\/[0-9a-f-]{36}$/);
  });

  const commissionForm = (fields: Record<string, string>) =>
    formOf({
      intent: "for-commission",
      commissionId,
      stage: "deposit",
      description: "Deposit",
      amount: "1,500",
      ...fields,
    });
  const invoiceCount = () => ctx.handle.db.$count(invoices);

  const TOO_MUCH = "The amount cannot be more than $10,000,000.";
  const THIS_CENTURY = "Enter a date from 2000 to 2099.";
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ["an amount over $10,000,000", { amount: "99,999,999" }, { amount: TOO_MUCH }],
    ["an amount of 2^31 cents (past what the column holds)", { amount: "21474836.48" }, { amount: TOO_MUCH }],
    [
      "a tax over $10,000,000",
      { amount: "10000000", tax: "10000000.01" },
      { tax: "The tax cannot be more than $10,000,000." },
    ],
    ["an issue date in the year 9999", { issueDate: "9999-12-31" }, { issueDate: THIS_CENTURY }],
    ["an issue date in the year 202", { issueDate: "0202-05-01" }, { issueDate: THIS_CENTURY }],
    [
      "a due date in the year 9999 (it ran the due date past the calendar)",
      { issueDate: "2035-05-01", dueDate: "9999-12-31" },
      { dueDate: THIS_CENTURY },
    ],
    [
      "a due date before today when the issue date is left empty (today)",
      { dueDate: "2001-01-01" },
      { dueDate: "The due date cannot be before the issue date, today when it is left empty." },
    ],
  ])("refuses %s beside its field, keeping what was typed and creating nothing", async (_, fields, fieldErrors) => {
    const cookie = await adminCookie();
    const before = await invoiceCount();
    const answer = await callRoute(invoicesAction, "/admin/invoices", { form: commissionForm(fields), cookie });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      intent: "for-commission",
      fieldErrors,
      values: { amount: "1,500", ...fields },
    });
    expect(await invoiceCount()).toBe(before);
  });

  it("takes the most an invoice can hold: $10,000,000 and as much tax", async () => {
    const most = await callRoute(invoicesAction, "/admin/invoices", {
      form: commissionForm({ amount: "10,000,000", tax: "10,000,000.00" }),
      cookie: await adminCookie(),
    });
    expect(most.status).toBe(302);
    const [created] = await ctx.handle.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, most.location!.split("/").pop()!));
    expect(created).toMatchObject({ subtotalCents: 1_000_000_000, taxCents: 1_000_000_000, totalCents: 2_000_000_000 });
  });

  it("offers every order and commission that may be invoiced however many newer ones there are, and picks the one its link names", async () => {
    const cookie = await adminCookie();
    const choices = async (query = "") =>
      (await callRoute(invoicesLoader, `/admin/invoices${query}`, { cookie })).body as {
        orders: { value: string }[];
        commissions: { value: string }[];
        chosenCommission: string | null;
      };

    // An older order behind fifty newer ones that were cancelled (they ask for no money).
    const older = await placedOrderOf(await seedWork({ title: "Behind fifty cancelled" }));
    await ctx.handle.db.execute(sql`
      insert into orders
      select (jsonb_populate_record(null::orders, to_jsonb(o) || jsonb_build_object(
        'id', gen_random_uuid(), 'number', o.number || '-' || g, 'status', 'cancelled',
        'idempotency_key', o.idempotency_key || '-' || g, 'payment_session_id', null,
        'cancelled_at', now(), 'created_at', now() + make_interval(secs => g)))).*
      from orders o, generate_series(1, 50) g where o.id = ${older.id}`);
    expect((await choices()).orders.map((o) => o.value)).toContain(older.id);

    // The oldest of twenty-five finished commissions (the board shows each stage's newest twenty).
    const finished = await Promise.all(
      Array.from({ length: 25 }, (_, i) => sendCommission({ name: `Collector ${i}`, email: `c${i}@example.com` })),
    );
    for (const [i, { id }] of finished.entries())
      await ctx.handle.db.execute(
        sql`update commissions set stage = 'completed', created_at = now() - make_interval(days => ${100 - i}) where id = ${id}`,
      );
    const oldest = finished[0]!.id;
    expect((await choices()).commissions.map((c) => c.value)).toContain(oldest);

    // The commission's page links here with it chosen; a declined or unknown one is not chosen.
    expect((await choices(`?commission=${oldest}`)).chosenCommission).toBe(oldest);
    await setCommissionStage(oldest, "declined", { name: "Mara Ellison" });
    expect((await choices(`?commission=${oldest}`)).chosenCommission).toBeNull();
    expect((await choices("?commission=not-a-commission")).chosenCommission).toBeNull();
  });

  it("refuses an invoice for a declined commission, which its page does not offer, with the reason, making none", async () => {
    const cookie = await adminCookie();
    const { id } = await sendCommission({ name: "Dana Quill", email: "dana@example.com" });
    await setCommissionStage(id, "declined", { name: "Mara Ellison" });
    const offered = async () =>
      (
        (await callRoute(invoicesLoader, "/admin/invoices", { cookie })).body as { commissions: { value: string }[] }
      ).commissions.map((c) => c.value);
    expect(await offered()).not.toContain(id);

    // A form made by hand names it anyway: refused, in words, and nothing is numbered.
    const before = await invoiceCount();
    const answer = await callRoute(invoicesAction, "/admin/invoices", {
      form: commissionForm({ commissionId: id }),
      cookie,
    });
    expect(answer).toMatchObject({
      status: 409,
      body: { ok: false, error: "Dana Quill's commission was declined: it has nothing to invoice." },
    });
    expect(await invoiceCount()).toBe(before);

    // Taken up again, it is offered and invoiced.
    await setCommissionStage(id, "accepted", { name: "Mara Ellison" });
    expect(await offered()).toContain(id);
    const made = await callRoute(invoicesAction, "/admin/invoices", {
      form: commissionForm({ commissionId: id }),
      cookie,
    });
    expect(made.status).toBe(302);
    expect(await invoiceCount()).toBe(before + 1);
  });

  it("answers a request its page never sends in the words of every admin page", async () => {
    const form = formOf({ intent: "for-everyone" });
    const answer = await callRoute(invoicesAction, "/admin/invoices", { form, cookie: await adminCookie() });
    expect(answer).toMatchObject({ status: 400, body: { ok: false, error: "That request was not understood." } });
  });

  it("gives an order one invoice when Create invoice is clicked twice at once", async () => {
    const placed = await placedOrderOf(await seedWork({ title: "Double Click" }));
    const [one, other] = await Promise.all([createInvoiceFromOrder(placed.id), createInvoiceFromOrder(placed.id)]);
    // The second click opens the first one's invoice: no error, no second number.
    expect([one.created, other.created].sort()).toEqual([false, true]);
    expect(other.invoice.id).toBe(one.invoice.id);
    const live = await ctx.handle.db
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.orderId, placed.id), ne(invoices.status, "void")));
    expect(live).toHaveLength(1);

    // The database itself refuses a second live invoice for the order; once it is void, a new one can follow.
    const copy = { ...one.invoice, id: undefined, number: "INV-1999-0001", year: 1999, sequence: 1 };
    await expect(ctx.handle.db.insert(invoices).values(copy)).rejects.toMatchObject({
      cause: { message: expect.stringContaining("invoices_order_live_idx") as unknown },
    });
    await voidInvoice(one.invoice.id);
    expect(await createInvoiceFromOrder(placed.id)).toMatchObject({ created: true });
  });

  it("a shop that already holds two live invoices for one order keeps its paid one when it upgrades", async () => {
    const placed = await placedOrderOf(await seedWork({ title: "Before The Index" }));
    const { invoice: draft } = await createInvoiceFromOrder(placed.id);
    // As before migration 0020: no index, and a second invoice for the order, paid.
    await ctx.handle.db.execute(sql`drop index invoices_order_live_idx`);
    const paid = { ...draft, id: undefined, number: "INV-1998-0001", year: 1998, sequence: 1, status: "paid" as const };
    await ctx.handle.db.insert(invoices).values(paid);

    const migration = readFileSync(join(migrationsFolder(), "0020_one_live_invoice_per_order.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      await ctx.handle.db.execute(sql.raw(statement));

    const rows = await ctx.handle.db
      .select({ number: invoices.number, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.orderId, placed.id));
    expect(rows.sort((a, b) => a.number.localeCompare(b.number))).toEqual([
      { number: "INV-1998-0001", status: "paid" },
      { number: draft.number, status: "void" },
    ]);
  });

  it("pays an order's invoice with the order, and voids it when the order is cancelled or lapses", async () => {
    const invoiceOf = async (orderId: string) =>
      (await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId)))[0];
    const invoicedOrder = async () => {
      const order = await placedOrderOf(await seedWork());
      const { invoice } = await sendInvoice((await createInvoiceFromOrder(order.id)).invoice.id);
      expect(invoice.status).toBe("sent");
      return { order, invoice };
    };

    // The bank transfer arrives: the invoice the buyer was sent is paid with the order; refunded, the order's
    // invoice says so (the money it records was given back), keeping its number and when it was paid.
    const paid = await invoicedOrder();
    const order = await markOrderPaid(paid.order.id, artist, "Transfer ref 4471");
    expect(await invoiceOf(paid.order.id)).toMatchObject({ status: "paid", paidAt: order.paidAt });
    const refunded = await refundOrder(paid.order.id, artist, "Returned.");
    expect(await invoiceOf(paid.order.id)).toMatchObject({
      status: "refunded",
      number: paid.invoice.number,
      paidAt: order.paidAt,
      refundedAt: refunded.refundedAt,
    });
    // A refunded invoice is final: not paid, voided or sent again.
    await expect(markInvoicePaid(paid.invoice.id)).rejects.toThrow(/refunded invoice cannot be marked paid/);
    await expect(voidInvoice(paid.invoice.id)).rejects.toThrow(/refunded invoice cannot be voided/);

    // Cancelled, or lapsed unpaid: the buyer can no longer be asked to pay it; it keeps its number.
    const cancelled = await invoicedOrder();
    await cancelOrder(cancelled.order.id, artist, "The buyer changed their mind.");
    expect(await invoiceOf(cancelled.order.id)).toMatchObject({ status: "void", number: cancelled.invoice.number });
    await expect(createInvoiceFromOrder(cancelled.order.id)).rejects.toThrow(
      `Order ${cancelled.order.number} was cancelled: it has nothing to invoice.`,
    );
    const lapsed = await invoicedOrder();
    const afterDeadline = new Date(lapsed.order.reservedUntil!.getTime() + 1_000);
    expect(await expireReservation(lapsed.order.id, afterDeadline)).toBe("expired");
    expect(await invoiceOf(lapsed.order.id)).toMatchObject({ status: "void", number: lapsed.invoice.number });
  });

  it("marking an order's invoice paid pays the order: its work is sold, and no lapse puts it back on sale", async () => {
    const work = await seedWork({ title: "Paid By Invoice" });
    const placed = await placedOrderOf(work);
    const { invoice } = await createInvoiceFromOrder(placed.id);

    // The transfer arrives; the artist marks it on the invoice's page, not the order's.
    await recordInvoicePayment(invoice.id, { id: artist.id, email: artist.email });
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "paid" });
    const order = await getOrder(placed.id);
    expect(order).toMatchObject({ status: "paid", reservedUntil: null });
    expect(await stockRow(work)).toMatchObject({ quantity: 0, availability: "sold" });
    const afterDeadline = new Date(placed.reservedUntil!.getTime() + 1_000);
    expect(await expireReservation(placed.id, afterDeadline)).not.toBe("expired");
    expect(await stockRow(work)).toMatchObject({ availability: "sold" });

    // A cancelled order's page offers no invoice, and the list to invoice from leaves it out.
    const cancelled = await placedOrderOf(await seedWork({ title: "Cancelled, Not Invoiced" }));
    await cancelOrder(cancelled.id, artist, "No payment.");
    const page = await callRoute(
      (args: never) => orderLoader({ ...(args as object), params: { id: cancelled.id } } as never),
      `/admin/orders/${cancelled.id}`,
      { cookie: await adminCookie() },
    );
    expect(page.body).toMatchObject({ invoice: null, canInvoice: false });
    const list = await callRoute(invoicesLoader, "/admin/invoices", { cookie: await adminCookie() });
    const offered = (list.body as { orders: { label: string }[] }).orders.map((o) => o.label);
    expect(offered.some((label) => label.startsWith(cancelled.number))).toBe(false);
    expect(offered.some((label) => label.startsWith(placed.number))).toBe(true);
  });

  // Paths that could leave an invoice Paid on an order that is no sale (docs/shop.md "An order's invoice"):
  // the invoice marked paid by hand and the order then cancelled or lapsed, an invoice left Draft or Sent on an
  // order cancelled or refunded before invoices followed their orders (old data), a refund.

  const placedOrder = async (title: string) => {
    const work = await seedWork({ title });
    const order = await placedOrderOf(work);
    return { work, order, invoice: (await createInvoiceFromOrder(order.id)).invoice };
  };
  /** Sets an invoice as data made before this rule would hold it (a status the app no longer leaves it in). */
  const asBefore = (id: string, change: Partial<typeof invoices.$inferInsert>) =>
    ctx.handle.db.update(invoices).set(change).where(eq(invoices.id, id));
  let signedIn: Promise<string> | undefined;
  /** One administrator's session for these tests (signing in for each would meet the sign-in limit). */
  const artistCookie = () => (signedIn ??= adminCookie());
  const invoicePage = async (id: string) =>
    (
      await callRoute(
        (args: never) => invoiceLoader({ ...(args as object), params: { id } } as never),
        `/admin/invoices/${id}`,
        { cookie: await artistCookie() },
      )
    ).body as { actions: string[]; standing: { tone: string; text: string } | null };
  const onInvoicePage = async (id: string, intent: string) =>
    callRoute(
      (args: never) => invoiceAction({ ...(args as object), params: { id } } as never),
      `/admin/invoices/${id}`,
      { form: formOf({ intent }), cookie: await artistCookie() },
    );
  const listRow = async (number: string) => {
    const list = await callRoute(invoicesLoader, `/admin/invoices?q=${number}`, { cookie: await artistCookie() });
    return (list.body as { invoices: { number: string; status: string; note: string | null }[] }).invoices.find(
      (row) => row.number === number,
    );
  };

  it("never marks paid the invoice of an order that asks for no money, left Draft or Sent from before", async () => {
    for (const [title, end] of [
      ["Old Cancelled Draft", (id: string) => cancelOrder(id, artist, "No payment.")],
      [
        "Old Refunded Draft",
        async (id: string) => {
          await markOrderPaid(id, artist);
          await refundOrder(id, artist);
        },
      ],
    ] as const) {
      const { order, invoice } = await placedOrder(title);
      await end(order.id);
      const status = (await getOrder(order.id))!.status;
      // As an invoice made before ff43869 stayed: Sent, whatever became of its order.
      await asBefore(invoice.id, { status: "sent", paidAt: null, voidedAt: null, refundedAt: null });
      const refusal = `Order ${order.number} was ${status}: its invoice asks for no money, so it cannot be marked paid.`;
      await expect(recordInvoicePayment(invoice.id, artist)).rejects.toThrow(refusal);
      expect(await onInvoicePage(invoice.id, "mark-paid")).toMatchObject({
        status: 409,
        body: { ok: false, error: refusal },
      });
      expect(await getInvoice(invoice.id)).toMatchObject({ status: "sent", paidAt: null });
      // Nor sent again: the page offers only Void.
      expect((await invoicePage(invoice.id)).actions).toEqual(["void"]);
    }
  });

  it("answers Mark paid on an order cancelled meanwhile with the reason, not an error page", async () => {
    const { order, invoice } = await placedOrder("Cancelled While Open");
    // Both at once: whichever takes the order first, the books never say paid for a cancelled order.
    const [paying, cancelling] = await Promise.allSettled([
      onInvoicePage(invoice.id, "mark-paid"),
      cancelOrder(order.id, artist, "The buyer withdrew."),
    ]);
    const after = (await getOrder(order.id))!;
    const bill = (await getInvoice(invoice.id))!;
    expect([after.status, bill.status]).toEqual(after.status === "paid" ? ["paid", "paid"] : ["cancelled", "void"]);
    expect(paying).toMatchObject({ status: "fulfilled" });
    const answer = (paying as PromiseFulfilledResult<{ status: number }>).value;
    expect(answer.status).toBe(after.status === "paid" ? 200 : 409);
    if (after.status === "paid") expect(cancelling.status).toBe("rejected");
  });

  it("says on the invoice and in the list when an order's paid invoice was refunded", async () => {
    const { order, invoice } = await placedOrder("Refunded Sale");
    await recordInvoicePayment(invoice.id, artist);
    await refundOrder(order.id, artist, "Damaged in transit.");
    expect((await invoicePage(invoice.id)).standing).toEqual({
      tone: "status",
      text: `Order ${order.number} was refunded: the payment this invoice records was given back to the buyer.`,
    });
    expect((await invoicePage(invoice.id)).actions).toEqual([]);
    expect(await listRow(invoice.number)).toMatchObject({ status: "refunded", note: `Order ${order.number} refunded` });
    expect((await listInvoices({ status: "refunded" })).invoices.map((i) => i.number)).toContain(invoice.number);
  });

  it("asks for the refund of an invoice marked paid by hand whose order then lapsed, and records it", async () => {
    // Before 81886a5, an invoice's Mark paid left its order waiting for the transfer, and the order lapsed.
    const { work, order, invoice } = await placedOrder("Paid Then Lapsed");
    await asBefore(invoice.id, { status: "paid", paidAt: new Date() });
    expect(await expireReservation(order.id, new Date(order.reservedUntil!.getTime() + 1_000))).toBe("expired");
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "paid" });
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });

    // The invoice says what happened and what to do; the list marks it.
    const page = await invoicePage(invoice.id);
    expect(page.standing).toEqual({
      tone: "alert",
      text: `Marked paid, but order ${order.number} was cancelled and its works went back on sale: nothing was sold for this payment. Give the money back to the buyer, then record the refund here.`,
    });
    expect(page.actions).toEqual(["record-refund"]);
    expect(await listRow(invoice.number)).toMatchObject({
      status: "paid",
      note: `Order ${order.number} cancelled: refund due`,
    });
    // Not sent as a paid copy, nor voided (money was received).
    expect(await onInvoicePage(invoice.id, "send")).toMatchObject({ status: 409 });
    expect(await onInvoicePage(invoice.id, "void")).toMatchObject({ status: 409 });

    expect(await onInvoicePage(invoice.id, "record-refund")).toMatchObject({
      status: 200,
      body: { ok: true, message: `Invoice ${invoice.number} is refunded, and order ${order.number} with it.` },
    });
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "refunded" });
    const refunded = (await getOrder(order.id))!;
    expect(refunded.status).toBe("refunded");
    expect(refunded.events.at(-1)).toMatchObject({ kind: "refunded", actorKind: "admin" });
    expect(await stockRow(work)).toMatchObject({ quantity: 1, availability: "available" });
    // Once only.
    expect(await onInvoicePage(invoice.id, "record-refund")).toMatchObject({ status: 409 });
  });

  it("for a paid invoice whose order still waits for payment, offers the refund, which puts the work back", async () => {
    const { work, order, invoice } = await placedOrder("Paid, Still Waiting");
    await asBefore(invoice.id, { status: "paid", paidAt: new Date() });
    expect((await invoicePage(invoice.id)).standing).toEqual({
      tone: "alert",
      text: `Marked paid, but order ${order.number} is still awaiting payment. If the sale stands, mark the order paid on its page; otherwise give the money back to the buyer, then record the refund here.`,
    });
    // The first way: the order's Mark paid, the invoice stays as it is and the notice goes.
    await markOrderPaid(order.id, artist, "Transfer found.");
    expect(await getInvoice(invoice.id)).toMatchObject({ status: "paid" });
    expect((await invoicePage(invoice.id)).standing).toBeNull();
    expect((await invoicePage(invoice.id)).actions).toEqual(["send"]);

    // The other: the refund, which releases the work the order held.
    const second = await placedOrder("Paid, Then Given Back");
    await asBefore(second.invoice.id, { status: "paid", paidAt: new Date() });
    expect(await stockRow(second.work)).toMatchObject({ quantity: 0, availability: "reserved" });
    await recordInvoiceRefund(second.invoice.id, artist);
    expect((await getOrder(second.order.id))!.status).toBe("refunded");
    expect(await stockRow(second.work)).toMatchObject({ quantity: 1, availability: "available" });
    expect(await stockRow(work)).toMatchObject({ availability: "sold" });
  });

  it("migration 0022 marks a refunded order's paid invoice refunded and voids what cancelled orders still ask", async () => {
    const refundedSale = await placedOrder("Refunded Before 0022");
    const refunded = await markOrderPaid(refundedSale.order.id, artist).then(() =>
      refundOrder(refundedSale.order.id, artist),
    );
    const cancelledSent = await placedOrder("Cancelled Before 0022");
    await cancelOrder(cancelledSent.order.id, artist);
    const paidLapsed = await placedOrder("Paid And Lapsed Before 0022");
    await cancelOrder(paidLapsed.order.id, artist);
    const paidSale = await placedOrder("Sold Before 0022");
    await markOrderPaid(paidSale.order.id, artist);

    // The table as it was: no Refunded status (a refunded order's invoice stayed Paid), and the rows as the app
    // left them then.
    await ctx.handle.db.execute(sql`alter table invoices drop constraint invoices_status_check`);
    await ctx.handle.db.execute(sql`update invoices set status = 'paid' where status = 'refunded'`);
    await ctx.handle.db.execute(sql`alter table invoices drop column refunded_at`);
    await ctx.handle.db.execute(
      sql`alter table invoices add constraint invoices_status_check check (status in ('draft', 'sent', 'paid', 'void'))`,
    );
    const set = (id: string, status: string, paid: boolean) =>
      ctx.handle.db.execute(
        sql`update invoices set status = ${status}, paid_at = ${paid ? sql`now()` : null}, voided_at = null where id = ${id}`,
      );
    await set(refundedSale.invoice.id, "paid", true);
    await set(cancelledSent.invoice.id, "sent", false);
    await set(paidLapsed.invoice.id, "paid", true);

    const migration = readFileSync(join(migrationsFolder(), "0022_invoice_refunded.sql"), "utf8");
    for (const statement of migration.split("--> statement-breakpoint"))
      await ctx.handle.db.execute(sql.raw(statement));

    expect(await getInvoice(refundedSale.invoice.id)).toMatchObject({
      status: "refunded",
      refundedAt: refunded.refundedAt,
    });
    expect(await getInvoice(cancelledSent.invoice.id)).toMatchObject({ status: "void" });
    // Money received for an order that lapsed: only the artist knows whether it went back; the page asks.
    expect(await getInvoice(paidLapsed.invoice.id)).toMatchObject({ status: "paid" });
    expect((await invoicePage(paidLapsed.invoice.id)).actions).toEqual(["record-refund"]);
    expect(await getInvoice(paidSale.invoice.id)).toMatchObject({ status: "paid" });
  });
});
