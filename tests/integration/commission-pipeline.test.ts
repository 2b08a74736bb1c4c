// The commission pipeline on real databases: a quote (validated), notes and stage changes in the history,
// the deposit and balance marked paid each with its invoice, the client's signed link showing the stage and
// quote but never the notes, and the list paged and searched with no cap.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { commissions, invoices } from "~/db/schema";
import {
  addNote,
  clientToken,
  commissionForClient,
  getCommissionDetail,
  listCommissionPage,
  markCommissionPaid,
  QuoteSchema,
  readClientToken,
  saveQuote,
  setCommissionStage,
  startClientPayment,
} from "~/modules/inbox/commission-pipeline.server";
import { action as commissionAction } from "~/routes/admin/commission";
import { adminCookie } from "../support/admin-session";
import { listCommissions } from "~/modules/inbox/inbox-admin.server";
import { callRoute, formOf, seedShopSettings } from "../support/shop-data";
import { sendCommission } from "../support/inquiry-data";
import { BACKENDS, useTestServices } from "../support/harness";

const artist = { name: "Mara Ellison" };

async function request(name: string, description = "A pair of small studies of the bayou at dawn, for a hallway.") {
  await sendCommission({
    name,
    email: `${name.toLowerCase().replace(/\s+/g, ".")}@example.com`,
    description,
  });
}

describe.each(BACKENDS)("commission pipeline on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(() => seedShopSettings());

  const idOf = async (name: string) =>
    (await ctx.handle.db.select({ id: commissions.id }).from(commissions).where(eq(commissions.name, name)))[0]!.id;

  it("checks a quote: price in dollars, a deposit from 0 to 100 %, a date", () => {
    expect(
      QuoteSchema.safeParse({ price: "4800", depositPercent: "50", dueDate: "2027-03-01", terms: "" }).data,
    ).toEqual({
      price: 480_000,
      depositPercent: 50,
      dueDate: "2027-03-01",
      terms: "",
    });
    const bad = QuoteSchema.safeParse({ price: "lots", depositPercent: "150", dueDate: "soon", terms: "" });
    expect(bad.success).toBe(false);
    expect([...new Set(bad.error?.issues.map((i) => i.path[0]))].sort()).toEqual([
      "depositPercent",
      "dueDate",
      "price",
    ]);
  });

  it("keeps the quote, notes, stages and payments in the history; the client sees stage, quote and payments only", async () => {
    await request("Ines Collector");
    const id = await idOf("Ines Collector");
    expect(
      await saveQuote(
        id,
        { price: 480_000, depositPercent: 30, dueDate: "2027-03-01", terms: "Oil on linen." },
        artist,
      ),
    ).toBe(true);
    await addNote(id, "Prefers cooler greens; call after 5 pm.", artist);
    expect(await setCommissionStage(id, "accepted", artist)).toBe(true);
    expect((await markCommissionPaid(id, "deposit", artist)).ok).toBe(true);
    // Twice is still once.
    expect((await markCommissionPaid(id, "deposit", artist)).ok).toBe(true);

    const detail = (await getCommissionDetail(id))!;
    expect(detail.stage).toBe("accepted");
    expect(detail.payments).toMatchObject({
      depositCents: 144_000,
      balanceCents: 336_000,
      deposit: { paid: true },
      balance: null,
    });
    expect(detail.events.map((e) => e.kind).sort()).toEqual(["note", "payment", "quote", "stage"]);
    expect(detail.events.every((e) => e.actorName === "Mara Ellison")).toBe(true);
    const bills = await ctx.handle.db.select().from(invoices).where(eq(invoices.commissionId, id));
    expect(bills).toHaveLength(1);
    expect(bills[0]).toMatchObject({ commissionStage: "deposit", status: "paid", totalCents: 144_000 });

    const client = (await commissionForClient(clientToken(id)))!;
    expect(client).toMatchObject({ stageLabel: "Accepted", quote: { price: "$4,800", depositPercent: 30 } });
    expect(client.payments).toMatchObject({ depositPaid: true, balancePaid: false });
    expect(JSON.stringify(client)).not.toContain("cooler greens");
    expect(await commissionForClient(`${id}.${"x".repeat(32)}`)).toBeUndefined();
    expect(readClientToken("nonsense")).toBeUndefined();

    expect((await markCommissionPaid(id, "balance", artist)).ok).toBe(true);
    expect((await getCommissionDetail(id))!.payments?.balance?.paid).toBe(true);
  });

  it("lists every commission a page at a time, searched and by stage; the board counts every stage", async () => {
    for (let i = 0; i < 30; i++) await request(`Bulk Client ${String(i).padStart(2, "0")}`);
    const first = await listCommissionPage({ page: 1 });
    expect(first.total).toBe(31);
    expect(first.rows).toHaveLength(25);
    const second = await listCommissionPage({ page: 2 });
    expect(second.rows).toHaveLength(6);
    expect((await listCommissionPage({ page: 1, q: "Client 1" })).total).toBe(10);
    expect((await listCommissionPage({ page: 1, stage: "accepted" })).rows.map((r) => r.name)).toEqual([
      "Ines Collector",
    ]);
    const board = await listCommissions();
    expect(board.totals.requested).toBe(30);
    expect(board.byStage.requested).toHaveLength(20);
  });

  it("bills the balance as the quote less the deposit paid, when the quote changes after the deposit", async () => {
    await request("Quote Change");
    const id = await idOf("Quote Change");
    await saveQuote(id, { price: 100_000, depositPercent: 30, dueDate: null, terms: "" }, artist);
    expect((await markCommissionPaid(id, "deposit", artist)).ok).toBe(true); // $300 paid

    // Raised to $1,200: $900 is owed, not 70 % of the new price ($840).
    await saveQuote(id, { price: 120_000, depositPercent: 30, dueDate: null, terms: "" }, artist);
    expect((await getCommissionDetail(id))!.payments).toMatchObject({ depositCents: 30_000, balanceCents: 90_000 });
    const client = (await commissionForClient(clientToken(id)))!;
    expect(client.payments).toMatchObject({ deposit: "$300", depositPaid: true, balance: "$900" });
    expect(client.due).toMatchObject({ part: "balance", amount: "$900" });

    // Lowered to $800: $500 is owed, not $560.
    await saveQuote(id, { price: 80_000, depositPercent: 30, dueDate: null, terms: "" }, artist);
    expect((await getCommissionDetail(id))!.payments).toMatchObject({ depositCents: 30_000, balanceCents: 50_000 });
    expect((await markCommissionPaid(id, "balance", artist)).ok).toBe(true);
    const bills = await ctx.handle.db.select().from(invoices).where(eq(invoices.commissionId, id));
    expect(bills.map((b) => [b.commissionStage, b.status, b.totalCents]).sort()).toEqual([
      ["deposit", "paid", 30_000],
      ["final", "paid", 50_000],
    ]);
  });

  it("asks a declined commission for no money: Mark paid is refused with the reason, the client's page asks for nothing", async () => {
    await request("Lou Declined");
    const id = await idOf("Lou Declined");
    await saveQuote(id, { price: 200_000, depositPercent: 50, dueDate: null, terms: "" }, artist);
    await setCommissionStage(id, "declined", artist);
    const markPaid = async () =>
      callRoute(
        (args: never) => commissionAction({ ...(args as object), params: { id } } as never),
        `/admin/commissions/${id}`,
        { form: formOf({ intent: "paid-deposit" }), cookie: await adminCookie() },
      );
    expect(await markPaid()).toMatchObject({
      status: 409,
      body: { ok: false, error: "Lou Declined's commission was declined: it has nothing to invoice." },
    });
    const token = clientToken(id);
    expect((await commissionForClient(token))!.due).toBeNull();
    // Its quote lines say nothing is due, not "To pay" and "On completion".
    expect((await commissionForClient(token))!.payments).toMatchObject({
      deposit: "$1,000",
      depositStatus: "Not due",
      balance: "$1,000",
      balanceStatus: "Not due",
    });
    expect(await startClientPayment(token, "deposit")).toMatchObject({ ok: false });
    expect(await ctx.handle.db.$count(invoices, eq(invoices.commissionId, id))).toBe(0);
    expect((await getCommissionDetail(id))!.events.filter((e) => e.kind === "payment")).toEqual([]);

    // Taken up again, the deposit is asked for and can be marked paid.
    await setCommissionStage(id, "accepted", artist);
    expect((await commissionForClient(token))!.due).toMatchObject({ part: "deposit", amount: "$1,000" });
    expect((await commissionForClient(token))!.payments).toMatchObject({
      depositStatus: "To pay",
      balanceStatus: "On completion",
    });
    expect(await markPaid()).toMatchObject({ status: 200, body: { ok: true } });
    expect((await commissionForClient(token))!.payments).toMatchObject({ depositStatus: "Paid" });
  });
});
