// The back office's catalogue on real databases: the admin table, reordering, featuring, availability in bulk
// with its log, delete vs archive, uploads, and the bootstrap administrator.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { beforeAll, describe, expect, it } from "vitest";
import { mediaAssets, userRoles } from "~/db/schema";
import { parseAdminArtworkParams } from "~/lib/admin-artwork-query";
import { ensureAdminFromEnv } from "~/modules/auth/admin-bootstrap.server";
import {
  catalogCounts,
  createArtworkFromUpload,
  freeSlug,
  getAdminArtwork,
  listAdminArtworks,
  listArtworkEvents,
  listInventory,
  moveArtwork,
  removeArtwork,
  restoreArtwork,
  setAvailability,
  setFeatured,
  updateArtwork,
  type AdminArtwork,
  type ArtworkEditValues,
} from "~/modules/catalog/admin-catalog.server";
import {
  catalogFacets,
  countArtworks,
  createArtwork,
  getArtwork,
  listArtworks,
  searchArtworks,
  slugify,
} from "~/modules/catalog/catalog.server";
import { issueForArtwork } from "~/modules/certificates/certificates.server";
import { ingestUpload } from "~/modules/media/media.server";
import { approveHold, requestHold } from "~/modules/shop/holds.server";
import { cancelOrder, markOrderPaid, refundOrder } from "~/modules/shop/order-actions.server";
import { parseOperation } from "~/modules/realtime/offline-writes.server";
import { BACKENDS, useTestServices, type SuiteContext } from "../support/harness";
import { solidPicture } from "../support/images";
import { orderOne, placedOrderOf, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const actor = { id: "", name: "Mara Ellison" };
const view = (query = "") => parseAdminArtworkParams(new URLSearchParams(query));
const titles = async (query = "") => (await listAdminArtworks(view(query))).rows.map((r) => r.title);
const publicTitles = async () => (await listArtworks({ limit: 100 })).map((a) => a.title);

/** The edit form as its page showed a work (the stock it saw sent back with it), with what the artist typed. */
const editForm = (page: AdminArtwork, typed: Partial<ArtworkEditValues> = {}): ArtworkEditValues => ({
  title: page.title,
  description: page.description,
  medium: page.medium,
  year: page.year ?? undefined,
  size: page.size,
  price: page.priceCents,
  availability: page.availability,
  featured: page.isFeatured,
  quantity: page.quantity,
  slug: page.slug,
  seenAvailability: page.availability,
  seenQuantity: page.quantity,
  ...typed,
});

/** A real account for the log's actor (its id is a foreign key). */
async function signInArtist(ctx: SuiteContext) {
  await ensureAdminFromEnv({
    bootstrapAdmin: { email: "owner@example.com", password: "a long enough password", name: "Mara Ellison" },
  });
  const [owner] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from "user" limit 1`);
  actor.id = owner!.id;
}

describe.each(BACKENDS)("admin catalogue on %s", (backend) => {
  const ctx = useTestServices(backend);
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await signInArtist(ctx);
    const works = [
      { title: "Blue Harbour", medium: "Oil on linen", year: 2021, priceCents: 240_000, sortOrder: 1 },
      { title: "Ochre Field", medium: "Acrylic on canvas", year: 2019, priceCents: 90_000, sortOrder: 2 },
      { title: "Night Garden", medium: "Oil on linen", year: 2023, priceCents: null, sortOrder: 3 },
      { title: "Salt Marsh", medium: "Watercolour", year: 2020, priceCents: 45_000, sortOrder: 4 },
    ];
    for (const w of works) ids[w.title] = (await createArtwork({ ...w, slug: slugify(w.title) })).id;
  });

  it("searches by word prefix, filters and sorts on the server", async () => {
    expect(await titles("q=harb")).toEqual(["Blue Harbour"]);
    expect(await titles("q=linen")).toEqual(["Blue Harbour", "Night Garden"]);
    expect(await titles("medium=Watercolour")).toEqual(["Salt Marsh"]);
    expect(await titles("sort=price")).toEqual(["Blue Harbour", "Ochre Field", "Salt Marsh", "Night Garden"]);
    expect(await titles("sort=title&dir=desc")).toEqual(["Salt Marsh", "Ochre Field", "Night Garden", "Blue Harbour"]);
    const page = await listAdminArtworks({ ...view("sort=year"), pageSize: 2 });
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.year)).toEqual([2023, 2021]);
  });

  it("moves a work and renumbers the whole order", async () => {
    expect(await moveArtwork(ids["Salt Marsh"]!, ids["Blue Harbour"]!, "before")).toBe(true);
    expect(await publicTitles()).toEqual(["Salt Marsh", "Blue Harbour", "Ochre Field", "Night Garden"]);
    expect(await moveArtwork(ids["Salt Marsh"]!, ids["Ochre Field"]!, "after")).toBe(true);
    expect(await publicTitles()).toEqual(["Blue Harbour", "Ochre Field", "Salt Marsh", "Night Garden"]);
    const orders = (await listAdminArtworks(view())).rows.map((r) => r.sortOrder);
    expect(orders).toEqual([1, 2, 3, 4]);
    expect(await moveArtwork(ids["Salt Marsh"]!, "00000000-0000-7000-8000-000000000000", "after")).toBe(false);
  });

  it("counts featured works so the seventh can be flagged", async () => {
    let last = { featuredCount: 0, limit: 6, found: true };
    for (const id of Object.values(ids)) last = await setFeatured(id, true, actor);
    expect(last).toEqual({ found: true, featuredCount: 4, limit: 6 });
    for (let n = 0; n < 3; n++) {
      const extra = await createArtwork({ title: `Extra ${n}`, slug: `extra-${n}`, isFeatured: true });
      ids[`Extra ${n}`] = extra.id;
    }
    const seventh = await setFeatured(ids["Extra 0"]!, true, actor);
    expect(seventh.featuredCount).toBe(7);
    expect((await catalogCounts()).featured).toBe(7);
    await setFeatured(ids["Extra 0"]!, false, actor);
    const events = await listArtworkEvents({ limit: 20, kind: "featured" });
    expect(events[0]).toMatchObject({ artworkTitle: "Extra 0", fromValue: "true", toValue: "false" });
  });

  it("changes availability in bulk and logs each real change with who made it", async () => {
    const changed = await setAvailability([ids["Blue Harbour"]!, ids["Ochre Field"]!], "sold", actor);
    expect(changed).toBe(2);
    expect(await setAvailability([ids["Blue Harbour"]!], "sold", actor)).toBe(0);
    const events = await listArtworkEvents({ limit: 10, kind: "availability" });
    expect(
      events
        .slice(0, 2)
        .map((e) => [e.artworkTitle, e.fromValue, e.toValue, e.actorName])
        .sort(),
    ).toEqual([
      ["Blue Harbour", "available", "sold", "Mara Ellison"],
      ["Ochre Field", "available", "sold", "Mara Ellison"],
    ]);
    const sold = await searchArtworks({ availability: "sold", limit: 10 });
    expect(sold.artworks.map((a) => a.title).sort()).toEqual(["Blue Harbour", "Ochre Field"]);
  });

  it("edits every field and refuses an address another work has", async () => {
    const values = {
      title: "Night Garden II",
      description: "After dark.",
      medium: "Oil on panel",
      year: 2024,
      size: '12" x 16"',
      price: 120_000,
      availability: "reserved" as const,
      featured: false,
      quantity: 3,
    };
    expect(await updateArtwork(ids["Night Garden"]!, { ...values, slug: "blue-harbour" }, actor)).toMatchObject({
      ok: false,
      fieldErrors: { slug: "Another work already uses this address." },
    });
    expect(await updateArtwork(ids["Night Garden"]!, { ...values, slug: "night-garden-ii" }, actor)).toEqual({
      ok: true,
    });
    const saved = await getArtwork("night-garden-ii");
    expect(saved).toMatchObject({
      title: "Night Garden II",
      priceCents: 120_000,
      quantity: 3,
      availability: "reserved",
    });
    expect(await freeSlug("Blue Harbour")).toBe("blue-harbour-2");
  });

  it("deletes a work nothing refers to, and archives one an order refers to", async () => {
    expect(await removeArtwork(ids["Extra 1"]!, actor)).toBe("deleted");
    expect(await getArtwork(ids["Extra 1"]!)).toBeUndefined();

    // An order line (the shop's table, here a stand-in with the same restricting foreign key).
    await ctx.handle.db.execute(
      sql`create table test_order_lines (id serial primary key, artwork_id uuid not null references artworks(id) on delete restrict)`,
    );
    await ctx.handle.db.execute(sql`insert into test_order_lines (artwork_id) values (${ids["Salt Marsh"]!})`);
    expect(await removeArtwork(ids["Salt Marsh"]!, actor)).toBe("archived");
    expect(await getArtwork(ids["Salt Marsh"]!)).toBeUndefined();
    expect(await publicTitles()).not.toContain("Salt Marsh");
    expect((await catalogFacets()).mediums.map((m) => m.value)).not.toContain("Watercolour");
    expect(await titles("archived=only")).toEqual(["Salt Marsh"]);
    expect(await listInventory({ limit: 50, offset: 0 }).then((i) => i.rows.map((r) => r.title))).not.toContain(
      "Salt Marsh",
    );

    expect(await restoreArtwork(ids["Salt Marsh"]!, actor)).toBe(true);
    expect(await publicTitles()).toContain("Salt Marsh");
    const kinds = (await listArtworkEvents({ limit: 10 })).map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["restored", "archived", "deleted"]);
    expect(await countArtworks()).toBe(6);
  });

  it("creates an artwork from an upload, first in the order, with a free slug", async () => {
    const png = await solidPicture(400, 300, "#345", "png");
    const upload = await ingestUpload(
      new Request("http://x/admin/media", {
        method: "POST",
        body: png,
        headers: { "content-length": String(png.length) },
      }),
    );
    expect(upload.ok).toBe(true);
    if (!upload.ok) return;
    const created = await createArtworkFromUpload(
      {
        title: "Blue Harbour",
        description: "",
        medium: "Oil",
        year: 2025,
        size: "",
        price: 1000,
        availability: "available",
        featured: false,
        quantity: 1,
      },
      upload.image,
    );
    expect(created.slug).toBe("blue-harbour-2");
    expect((await publicTitles())[0]).toBe("Blue Harbour");
    expect((await getArtwork(created.id))?.image?.hash).toBe(upload.image.hash);
  });

  it("refuses a bad or oversized upload and stores nothing", async () => {
    const [before] = await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(mediaAssets);
    const notImage = await ingestUpload(new Request("http://x", { method: "POST", body: "hello, not a picture" }));
    expect(notImage).toMatchObject({ ok: false, status: 422 });
    const huge = await ingestUpload(
      new Request("http://x", {
        method: "POST",
        body: "x",
        headers: { "content-length": String(26 * 1024 * 1024) },
      }),
    );
    expect(huge).toMatchObject({ ok: false, status: 413, error: "The file is larger than 25 MB." });
    const [after] = await ctx.handle.db.select({ n: sql<number>`count(*)::int` }).from(mediaAssets);
    expect(after!.n).toBe(before!.n);
  });

  it("provisions the administrator from ADMIN_EMAIL once, and promotes an existing account only when told (security item 8)", async () => {
    const config = {
      bootstrapAdmin: { email: "owner@example.com", password: "a long enough password", name: "Mara Ellison" },
    };
    expect(await ensureAdminFromEnv(config)).toBe("already-admin");
    expect(
      await ensureAdminFromEnv({
        bootstrapAdmin: { email: "second@example.com", password: "another long password", name: "" },
      }),
    ).toBe("created");
    // Demote (as if someone had signed up with that address first), then start again: refused, not promoted...
    await ctx.handle.db.execute(
      sql`update user_roles set role = 'user' where user_id = (select id from "user" where email = 'second@example.com')`,
    );
    await expect(
      ensureAdminFromEnv({
        bootstrapAdmin: { email: "Second@Example.com", password: "ignored for an existing account", name: "" },
      }),
    ).rejects.toThrow(/ADMIN_EMAIL names an account that already exists.*ADMIN_PROMOTE_EXISTING=true/);
    expect((await ctx.handle.db.select().from(userRoles)).filter((r) => r.role === "admin")).toHaveLength(1);
    // ...unless the operator says so: promoted, not created twice.
    expect(
      await ensureAdminFromEnv({
        bootstrapAdmin: {
          email: "Second@Example.com",
          password: "ignored for an existing account",
          name: "",
          promoteExisting: true,
        },
      }),
    ).toBe("promoted");
    const roles = await ctx.handle.db.select().from(userRoles);
    expect(roles.filter((r) => r.role === "admin")).toHaveLength(2);
    expect(await ensureAdminFromEnv({ bootstrapAdmin: undefined })).toBe("none");
  });
});

describe.each(BACKENDS)("an edit page opened before an order, saved after it, on %s", (backend) => {
  const ctx = useTestServices(backend);
  beforeAll(async () => {
    await signInArtist(ctx);
    await seedShopSettings();
  });

  it("archives, never deletes, a work an order or a certificate refers to", async () => {
    const ordered = await seedWork({ title: "Ordered Then Deleted" });
    const placed = await placedOrderOf(ordered);
    expect(await removeArtwork(ordered, actor)).toBe("archived");
    const [line] = await queryRows<{ artwork_id: string | null }>(
      ctx.handle.db,
      sql`select artwork_id from order_items where order_id = ${placed.id}`,
    );
    expect(line!.artwork_id).toBe(ordered);

    const certified = await seedWork({ title: "Certified Then Deleted" });
    await issueForArtwork(certified);
    expect(await removeArtwork(certified, actor)).toBe("archived");
    expect(await getAdminArtwork(certified)).toMatchObject({ title: "Certified Then Deleted" });
  });

  it("keeps the order's reservation, and refuses beside the field a stock change the page did not see", async () => {
    const id = await seedWork({ title: "Stale Form", priceCents: 300_000 });
    const page = (await getAdminArtwork(id))!; // the artist opens the edit page
    expect((await orderOne(id)).ok).toBe(true); // a buyer checks out meanwhile
    const saved = editForm(page, { description: "Fixed a typo." });

    // The artist fixed a typo and left the stock as the page showed it: the order's reservation stands.
    expect(await updateArtwork(id, saved, actor)).toEqual({ ok: true });
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    expect((await getAdminArtwork(id))!.description).toBe("Fixed a typo.");
    expect((await orderOne(id, { email: "second.buyer@example.com" })).ok).toBe(false);

    // A change the artist made on that page to what has since moved is refused beside the field, nothing saved.
    const refused = await updateArtwork(
      id,
      { ...saved, description: "Second thoughts.", availability: "not_for_sale", quantity: 2 },
      actor,
    );
    expect(refused).toMatchObject({
      ok: false,
      fieldErrors: {
        availability: "Changed to Reserved since this page was opened (an order or a hold). Check it and save again.",
        quantity: "Changed to 0 since this page was opened (an order or a hold). Check it and save again.",
      },
    });
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    expect((await getAdminArtwork(id))!.description).toBe("Fixed a typo.");

    // Saved again from the page as it now is, the artist's choice is taken.
    const current = { ...saved, seenAvailability: "reserved" as const, seenQuantity: 0 };
    expect(await updateArtwork(id, { ...current, availability: "not_for_sale", quantity: 0 }, actor)).toEqual({
      ok: true,
    });
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "not_for_sale" });
  });

  it("refuses to put on sale a work an unpaid order or an approved hold keeps, naming the order", async () => {
    const id = await seedWork({ title: "Waiting For A Transfer" });
    const placed = await placedOrderOf(id);
    const waiting = `Order ${placed.number} is waiting for payment for this work: cancel the order first.`;

    // Status Management: nothing changes and the notice names the order.
    await expect(setAvailability([id], "available", actor)).rejects.toThrow(`“Waiting For A Transfer”: ${waiting}`);
    // The edit form, opened after the order: refused beside the field.
    const form = editForm((await getAdminArtwork(id))!, { availability: "available", quantity: 1 });
    expect(await updateArtwork(id, form, actor)).toMatchObject({
      ok: false,
      fieldErrors: { availability: waiting },
    });
    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    expect((await orderOne(id, { email: "second.buyer@example.com" })).ok).toBe(false);

    // Once the order is cancelled the work is on sale again, and the artist may change it freely.
    await cancelOrder(placed.id, { kind: "system" });
    expect(await setAvailability([id], "not_for_sale", actor)).toBe(1);
    expect(await setAvailability([id], "available", actor)).toBe(1);

    // An approved hold keeps the work for its holder until it lapses.
    const held = await seedWork({ title: "Kept For A Collector" });
    const request = await requestHold(held, { name: "Ada Collector", email: "ada@example.com", note: "" });
    if (!request.ok) throw new Error("hold not requested");
    await approveHold(request.hold.id, "artist@example.com");
    await expect(setAvailability([held], "available", actor)).rejects.toThrow(
      "“Kept For A Collector”: This work is on hold for Ada Collector: it goes back on sale when the hold lapses.",
    );
    expect(await stockRow(held)).toMatchObject({ quantity: 1, availability: "on_hold" });
  });

  it("refuses to raise by hand the quantity of a work an unpaid order keeps, so it cannot be sold twice", async () => {
    /** The edit form of a work as its page shows it now, with the quantity the artist types. */
    const editQuantity = async (id: string, quantity: number) => editForm((await getAdminArtwork(id))!, { quantity });
    const waiting = (number: string) => `Order ${number} is waiting for payment for this work: cancel the order first.`;

    // An original reserved by an order waiting for a transfer shows Reserved, 0; the artist "corrects" it to 1.
    const original = await seedWork({ title: "Reserved Original" });
    const placed = await placedOrderOf(original);
    expect(await updateArtwork(original, await editQuantity(original, 1), actor)).toMatchObject({
      ok: false,
      fieldErrors: { quantity: waiting(placed.number) },
    });
    expect(await stockRow(original)).toMatchObject({ quantity: 0, availability: "reserved" });
    // When the order lapses its piece comes back once: one buyer gets the original, the next does not.
    await cancelOrder(placed.id, { kind: "system" });
    expect(await stockRow(original)).toMatchObject({ quantity: 1, availability: "available" });
    expect((await orderOne(original, { email: "second.buyer@example.com" })).ok).toBe(true);
    expect((await orderOne(original, { email: "third.buyer@example.com" })).ok).toBe(false);

    // An edition: the piece an unpaid order took is not in the quantity; raising it could count that piece again.
    const edition = await seedWork({ title: "Edition With An Unpaid Order", quantity: 5 });
    const piece = await placedOrderOf(edition);
    expect(await updateArtwork(edition, await editQuantity(edition, 5), actor)).toMatchObject({
      ok: false,
      fieldErrors: { quantity: waiting(piece.number) },
    });
    expect(await stockRow(edition)).toMatchObject({ quantity: 4, availability: "available" });
    // Lowering it stays allowed, and once the order is paid the artist may restock it.
    expect(await updateArtwork(edition, await editQuantity(edition, 3), actor)).toMatchObject({ ok: true });
    await markOrderPaid(piece.id, { kind: "system" });
    expect(await updateArtwork(edition, await editQuantity(edition, 10), actor)).toMatchObject({ ok: true });
    expect(await stockRow(edition)).toMatchObject({ quantity: 10, availability: "available" });

    // An approved hold takes no piece out of the quantity (the holder's comes out when they buy): adding pieces to
    // an edition on hold counts none twice.
    const held = await seedWork({ title: "Edition On Hold", quantity: 3 });
    const request = await requestHold(held, { name: "Ada Collector", email: "ada@example.com", note: "" });
    if (!request.ok) throw new Error("hold not requested");
    await approveHold(request.hold.id, "artist@example.com");
    expect(await updateArtwork(held, await editQuantity(held, 4), actor)).toMatchObject({ ok: true });
    expect(await stockRow(held)).toMatchObject({ quantity: 4, availability: "on_hold" });

    // No other path writes the quantity: Status Management and the offline queue change availability only, and a
    // replayed change that carries a quantity is refused whole.
    expect(
      parseOperation(JSON.stringify({ table: "artworks", type: "update", data: { id: original, quantity: 2 } })),
    ).toEqual({ ok: false, error: "That change is not one that can be saved." });
  });

  it("keeps a work the artist marked sold or not for sale by hand when the online order for it lapses", async () => {
    const system = { kind: "system" as const };
    for (const marked of ["sold", "not_for_sale"] as const) {
      const id = await seedWork({ title: `Sold At The Studio ${marked}` });
      const placed = await placedOrderOf(id);
      // Sold to a visitor at the studio (or withdrawn) while the online order waits for payment.
      expect(await setAvailability([id], marked, actor)).toBe(1);
      await cancelOrder(placed.id, system, "The reservation lapsed without payment.", "expired");
      // The order gives back the piece it took, and the artist's choice stands.
      expect(await stockRow(id)).toMatchObject({ quantity: 1, availability: marked });
      expect((await orderOne(id, { email: "second.buyer@example.com" })).ok).toBe(false);
    }

    // A refund still puts a sold work back on sale.
    const refunded = await seedWork({ title: "Refunded Sale" });
    const sale = await placedOrderOf(refunded);
    await markOrderPaid(sale.id, system);
    expect(await stockRow(refunded)).toMatchObject({ quantity: 0, availability: "sold" });
    await refundOrder(sale.id, system);
    expect(await stockRow(refunded)).toMatchObject({ quantity: 1, availability: "available" });
  });
});
