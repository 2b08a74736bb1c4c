// Provenance: a work's history read from the modules that keep it (an exhibition, a consignment the artist
// records, a paid order, the certificate its payment issued) comes out whole and in order for the admin, and
// without the buyer for the artwork page, which shows it only when the artist says so. Each change that alters
// what the page shows publishes catalog.changed with the work's id (the page cache evicts on it).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getArtwork } from "~/modules/catalog/catalog.server";
import { certificatesForArtwork, issueForOrder, revokeCertificate } from "~/modules/certificates/certificates.server";
import { subscribe } from "~/modules/events/bus.server";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import { createExhibition, updateExhibition } from "~/modules/exhibitions/exhibitions.server";
import {
  addProvenanceEntry,
  adminProvenance,
  provenanceEntriesOf,
  publicProvenanceLines,
  removeProvenanceEntry,
  setProvenancePublic,
} from "~/modules/provenance/provenance.server";
import { provenanceLine } from "~/modules/provenance/provenance-rules";
import { markOrderPaid } from "~/modules/shop/order-actions.server";
import { getOrder } from "~/modules/shop/orders.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { BUYER, placedOrderOf, seedShopSettings, seedWork } from "../support/shop-data";

const ADMIN = { kind: "admin" as const, id: "admin-1", email: "artist@example.com" };

async function paidOrder(artworkId: string) {
  const placed = await placedOrderOf(artworkId);
  await markOrderPaid(placed.id, ADMIN);
  return (await getOrder(placed.id))!;
}

const show = (artworkIds: string[], published = true) =>
  ExhibitionSchema.parse({
    title: "Bayou Light",
    venue: "Galerie Rivage",
    city: "Lyon",
    country: "FR",
    type: "solo",
    startDate: "2025-03-01",
    endDate: "2025-04-15",
    published,
    artworkIds,
  });

describe.each(BACKENDS)("provenance on %s", (backend) => {
  useTestServices(backend);
  let changed: string[][] = [];
  let off: () => void;
  beforeAll(async () => {
    await seedShopSettings();
    off = subscribe("catalog.changed", ({ artworkIds }) => changed.push(artworkIds ?? ["*"]));
  });
  afterEach(() => {
    changed = [];
  });
  afterAll(() => off());

  it("builds a sold work's history from its exhibition, consignment, order and certificate", async () => {
    const work = await seedWork({ title: "Heron at Dusk" });
    const exhibition = await createExhibition(show([work]));
    await addProvenanceEntry(work, {
      kind: "consigned",
      date: "2025-05-02",
      description: "Galerie Rivage",
      place: "Lyon, France",
    });
    const order = await paidOrder(work);
    const [certificate] = await certificatesForArtwork(work);
    expect(certificate).toBeDefined();

    const { isPublic, timeline } = await adminProvenance({ id: work, year: 2025 });
    expect(isPublic).toBe(false);
    expect(timeline.map((e) => e.kind)).toEqual(["created", "exhibited", "recorded", "sold", "certificate"]);
    expect(timeline[1]).toMatchObject({
      kind: "exhibited",
      exhibitionId: exhibition.id,
      venue: "Galerie Rivage",
      place: "Lyon, France",
      date: "2025-03-01",
      endDate: "2025-04-15",
    });
    expect(timeline[3]).toMatchObject({
      kind: "sold",
      orderId: order.id,
      orderNumber: order.number,
      buyerName: "Ada Collector",
      place: "New Orleans, United States",
    });
    expect(timeline[4]).toMatchObject({ kind: "certificate", number: certificate!.number });
    expect(provenanceLine(timeline[3]!).what).toBe(`Sold to Ada Collector (order ${order.number})`);

    // Hidden until the artist shows it; then the public lines carry no buyer.
    expect(await publicProvenanceLines({ id: work, year: 2025 })).toBeNull();
    await setProvenancePublic(work, true);
    const lines = await publicProvenanceLines({ id: work, year: 2025 });
    expect(lines?.map((l) => l.what)).toEqual([
      "Made by the artist",
      "Exhibited: Bayou Light, Galerie Rivage",
      "Consigned: Galerie Rivage",
      "Private collection",
      `Certificate of authenticity ${certificate!.number} issued`,
    ]);
    const text = JSON.stringify(lines);
    expect(text).not.toContain("Ada");
    expect(text).not.toContain(BUYER.email);
    // (A-2026-0001 is also the tail of COA-2026-0001: look past the certificate's number.)
    expect(text.replaceAll(certificate!.number, "")).not.toContain(order.number);
    expect(text).not.toContain("New Orleans");
    expect(lines?.[3]?.where).toBe("United States");
  });

  it("publishes catalog.changed with the work for the switch, entries, exhibitions and certificates", async () => {
    const work = await seedWork({ title: "Cypress Study" });
    const other = await seedWork({ title: "Marsh Study" });
    await setProvenancePublic(work, true);
    expect(changed).toEqual([[work]]);
    // The kept read follows the change: switched off, the page reads null at once.
    expect(await publicProvenanceLines({ id: work, year: 2025 })).toEqual([
      { when: "2025", dateTime: "2025", what: "Made by the artist", where: "" },
    ]);
    await setProvenancePublic(work, false);
    expect(await publicProvenanceLines({ id: work, year: 2025 })).toBeNull();

    changed = [];
    const entry = await addProvenanceEntry(work, {
      kind: "acquired",
      date: "2026-01-10",
      description: "Museum of X",
      place: "",
    });
    expect(await removeProvenanceEntry(other, entry.id)).toBe(false); // not that work's entry
    expect(await removeProvenanceEntry(work, entry.id)).toBe(true);
    expect(await provenanceEntriesOf(work)).toEqual([]);
    expect(changed).toEqual([[work], [work]]);

    changed = [];
    const exhibition = await createExhibition(show([work]));
    await updateExhibition(exhibition.id, show([other]));
    expect(changed).toEqual([[work], [work, other]]);

    await paidOrder(work);
    const [certificate] = await certificatesForArtwork(work);
    changed = [];
    await revokeCertificate(certificate!.id, "Issued with the wrong size");
    expect(changed).toEqual([[work]]);
    // The admin's "Issue certificates" on the order replaces it: the page changes again.
    changed = [];
    const order = await getOrder(certificate!.orderId!);
    expect((await issueForOrder(order!)).issued).toBe(1);
    expect(changed).toEqual([[work]]);
    const timeline = (await adminProvenance({ id: work, year: 2025 })).timeline;
    expect(timeline.filter((e) => e.kind.startsWith("certificate")).map((e) => e.kind)).toEqual([
      "certificate",
      "certificate",
      "certificate-revoked",
    ]);
    expect(timeline.find((e) => e.kind === "certificate-revoked")).toMatchObject({ number: certificate!.number });
    // The work the catalogue serves is the same: provenance keeps no copy of it.
    expect((await getArtwork(work))?.id).toBe(work);
  });

  it("leaves an unpublished exhibition out of the public lines", async () => {
    const work = await seedWork({ title: "Private Show Study" });
    await createExhibition(show([work], false));
    await setProvenancePublic(work, true);
    const admin = await adminProvenance({ id: work, year: null });
    expect(admin.timeline.map((e) => e.kind)).toEqual(["exhibited"]);
    expect(await publicProvenanceLines({ id: work, year: null })).toEqual([]);
  });
});
