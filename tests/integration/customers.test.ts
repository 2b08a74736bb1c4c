// Customer Management: one line per e-mail address (any case) over orders, commission requests and messages,
// with what each person spent on paid orders only, newest activity first, and a search by name or e-mail.
import { beforeAll, describe, expect, it } from "vitest";
import { listCustomers } from "~/modules/admin/customers.server";
import { cancelOrder, markOrderPaid } from "~/modules/shop/order-actions.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { sendContact, sendCommission } from "../support/inquiry-data";
import { BACKENDS, useTestServices } from "../support/harness";
import { placedOrderOf, seedShopSettings, seedWork } from "../support/shop-data";

const admin = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };

describe.each(BACKENDS)("customers on %s", (backend) => {
  useTestServices(backend);
  beforeAll(async () => {
    await saveSettings({ artistName: "Mara Ellison", contactEmail: "studio@maraellison.art" });
    await seedShopSettings();
  });

  it("gathers each person's orders, commissions and messages under one address, and counts paid orders only", async () => {
    expect(await listCustomers({})).toEqual({ customers: [], total: 0 });

    const order = async (email: string, priceCents: number) => {
      const work = await seedWork({ quantity: 1, priceCents });
      return (await placedOrderOf(work, { email, fulfilment: "pickup" })).id;
    };
    const paid = await order("ada@example.com", 120_000);
    await markOrderPaid(paid, admin);
    const cancelled = await order("ADA@example.com", 50_000);
    await cancelOrder(cancelled, admin);
    await order("ada@example.com", 30_000); // awaiting payment: not spent yet

    await sendContact({
      name: "Ada Collector",
      email: "Ada@Example.com",
      message: "Could the painting be framed before it ships?",
    });
    await sendCommission({ name: "Ben Ortega", email: "ben@example.com" });

    const { customers, total } = await listCustomers({});
    expect(total).toBe(2);
    // Ben wrote last, so he comes first.
    expect(customers.map((c) => c.email)).toEqual(["ben@example.com", "ada@example.com"]);
    expect(customers[1]).toMatchObject({
      name: "Ada Collector",
      orders: 3,
      // The paid order only: $1,200.00 plus 9.45 % tax, collected in the studio (nothing shipped). The cancelled
      // and the unpaid orders are not spent.
      spentCents: 131_340,
      commissions: 0,
      messages: 1,
    });
    expect(customers[0]).toMatchObject({ name: "Ben Ortega", orders: 0, spentCents: 0, commissions: 1, messages: 0 });
    expect(customers[1]!.firstSeen.getTime()).toBeLessThanOrEqual(customers[1]!.lastSeen.getTime());

    // Search by part of a name or an address, any case; % and _ are plain characters.
    expect((await listCustomers({ q: "ORTEGA" })).customers.map((c) => c.email)).toEqual(["ben@example.com"]);
    expect((await listCustomers({ q: "ada@" })).customers.map((c) => c.email)).toEqual(["ada@example.com"]);
    expect(await listCustomers({ q: "100%" })).toEqual({ customers: [], total: 0 });
  });
});
