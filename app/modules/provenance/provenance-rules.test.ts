import { describe, expect, it } from "vitest";
import {
  buildProvenance,
  provenanceLine,
  ProvenanceIntent,
  publicProvenance,
  type ProvenanceSources,
} from "./provenance-rules";

const empty: ProvenanceSources = { work: { year: null }, exhibitions: [], orders: [], certificates: [], entries: [] };

const full: ProvenanceSources = {
  work: { year: 2021 },
  exhibitions: [
    {
      id: "x-2",
      title: "Late Light",
      venue: "Galerie Nord",
      city: "Lyon",
      country: "FR",
      startDate: "2022-03-04",
      endDate: "2022-04-20",
      published: true,
    },
    {
      id: "x-1",
      title: "Studio Draft",
      venue: "Warehouse",
      city: "",
      country: "",
      startDate: "2021-11-01",
      endDate: "2021-11-03",
      published: false,
    },
  ],
  orders: [
    {
      id: "o-refunded",
      number: "A-0007",
      status: "refunded",
      buyerName: "Refunded Person",
      city: "Austin",
      country: "US",
      paidOn: "2022-06-01",
    },
    {
      id: "o-1",
      number: "A-0009",
      status: "delivered",
      buyerName: "Ada Collector",
      city: "New Orleans",
      country: "US",
      paidOn: "2022-09-10",
    },
    {
      id: "o-unpaid",
      number: "A-0003",
      status: "cancelled",
      buyerName: "Nobody",
      city: "",
      country: "US",
      paidOn: null,
    },
  ],
  certificates: [
    { id: "c-2", number: "COA-2022-0002", issuedOn: "2022-09-10", revokedOn: null },
    { id: "c-1", number: "COA-2022-0001", issuedOn: "2022-09-10", revokedOn: "2022-10-02" },
  ],
  entries: [
    {
      id: "m-1",
      kind: "consigned",
      date: "2022-01-15",
      description: "Galerie Nord, Lyon",
      place: "Lyon, France",
    },
  ],
};

describe("buildProvenance", () => {
  it("is empty when nothing is known", () => {
    expect(buildProvenance(empty)).toEqual([]);
    expect(publicProvenance([])).toEqual([]);
  });

  it("puts every source in date order, the year first, and same-day events in the order they happen", () => {
    const timeline = buildProvenance(full);
    expect(timeline.map((e) => `${e.kind}:${e.date}`)).toEqual([
      "created:2021",
      "exhibited:2021-11-01",
      "recorded:2022-01-15",
      "exhibited:2022-03-04",
      "sold:2022-09-10",
      "certificate:2022-09-10",
      "certificate:2022-09-10",
      "certificate-revoked:2022-10-02",
    ]);
    // Two certificates on one day: by id, so the list never changes between renders.
    expect(timeline.filter((e) => e.kind === "certificate").map((e) => e.number)).toEqual([
      "COA-2022-0001",
      "COA-2022-0002",
    ]);
  });

  it("is deterministic whatever order the sources arrive in", () => {
    const shuffled: ProvenanceSources = {
      ...full,
      exhibitions: [...full.exhibitions].reverse(),
      orders: [...full.orders].reverse(),
      certificates: [...full.certificates].reverse(),
    };
    expect(buildProvenance(shuffled)).toEqual(buildProvenance(full));
  });

  it("counts only the shop's sales: a refunded or unpaid order is no sale", () => {
    const sales = buildProvenance(full).filter((e) => e.kind === "sold");
    expect(sales).toEqual([
      {
        kind: "sold",
        date: "2022-09-10",
        orderId: "o-1",
        orderNumber: "A-0009",
        buyerName: "Ada Collector",
        place: "New Orleans, United States",
      },
    ]);
  });

  it("notes a revoked certificate as its own entry and keeps the issue", () => {
    const lines = buildProvenance(full).map(provenanceLine);
    expect(lines.map((l) => l.what)).toContain("Certificate of authenticity COA-2022-0001 issued");
    expect(lines).toContainEqual({
      when: "October 2, 2022",
      dateTime: "2022-10-02",
      what: "Certificate COA-2022-0001 revoked",
      where: "",
    });
  });
});

describe("publicProvenance", () => {
  const shown = publicProvenance(buildProvenance(full));
  const text = JSON.stringify(shown.map(provenanceLine));

  it("names no buyer, no order and no city of a sale: Private collection and the country", () => {
    expect(text).not.toContain("Ada Collector");
    expect(text).not.toContain("A-0009");
    expect(text).not.toContain("New Orleans");
    expect(text).not.toContain("o-1");
    expect(shown.find((e) => e.kind === "sold")).toEqual({ kind: "sold", date: "2022-09-10", place: "United States" });
    expect(provenanceLine(shown.find((e) => e.kind === "sold")!).what).toBe("Private collection");
  });

  it("leaves out exhibitions the artist has not published", () => {
    expect(text).not.toContain("Studio Draft");
    expect(text).toContain("Exhibited: Late Light, Galerie Nord");
  });

  it("keeps the artist's own entries and the certificates with their numbers", () => {
    expect(text).toContain("Consigned: Galerie Nord, Lyon");
    expect(text).toContain("COA-2022-0002");
    expect(text).toContain("Certificate COA-2022-0001 revoked");
  });

  it("the admin's line names the buyer and the order", () => {
    const sale = buildProvenance(full).find((e) => e.kind === "sold")!;
    expect(provenanceLine(sale).what).toBe("Sold to Ada Collector (order A-0009)");
  });

  it("formats an exhibition as a date range with its place", () => {
    const line = provenanceLine(shown.find((e) => e.kind === "exhibited")!);
    expect(line).toEqual({
      when: "March 4 – April 20, 2022",
      dateTime: "2022-03-04",
      what: "Exhibited: Late Light, Galerie Nord",
      where: "Lyon, France",
    });
  });
});

describe("ProvenanceIntent", () => {
  it("accepts an entry and trims it", () => {
    const parsed = ProvenanceIntent.parse({
      intent: "add-entry",
      kind: "acquired",
      date: "2019-05-01",
      description: "  Acquired by the Museum of X ",
    });
    expect(parsed).toEqual({
      intent: "add-entry",
      kind: "acquired",
      date: "2019-05-01",
      description: "Acquired by the Museum of X",
      place: "",
    });
  });

  it("refuses an entry without a description, a real date or a known kind, per field", () => {
    const result = ProvenanceIntent.safeParse({ intent: "add-entry", kind: "stolen", date: "2019-02-30x" });
    expect(result.success).toBe(false);
    const fields = new Set(result.error!.issues.map((i) => i.path[0]));
    expect(fields).toEqual(new Set(["kind", "date", "description"]));
  });

  it("takes only true or false for the switch", () => {
    expect(ProvenanceIntent.safeParse({ intent: "visibility", value: "yes" }).success).toBe(false);
    expect(ProvenanceIntent.parse({ intent: "visibility", value: "true" })).toEqual({
      intent: "visibility",
      value: "true",
    });
  });
});
