// Provenance rules as plain functions (isomorphic, no database): a work's history built from what the site
// already records (its year, the exhibitions it was in, the orders that sold it, its certificates) and the
// entries the artist adds by hand; the public variant that names no buyer; the manual entry form's schema.
import { choices } from "~/lib/choices";
import { formatCalendarDay, formatDayRange } from "~/lib/dates";
import { z } from "zod";
import { dayField } from "~/modules/forms/fields";
import type { ProvenanceEntryKind } from "~/db/schema/provenance";
import { countryName } from "~/lib/countries";
import { isSold } from "~/modules/shop/order-status";

/** What the queries hand over. Days are YYYY-MM-DD in the studio's calendar. */
export interface ProvenanceSources {
  work: { year: number | null };
  exhibitions: {
    id: string;
    title: string;
    venue: string;
    city: string;
    country: string;
    startDate: string;
    endDate: string;
    published: boolean;
  }[];
  /** Every order that carried the work, whatever its status: the shop's `isSold` decides which are sales. */
  orders: {
    id: string;
    number: string;
    status: string;
    buyerName: string;
    city: string;
    country: string;
    /** The day it was paid; null when it never was. */
    paidOn: string | null;
  }[];
  certificates: { id: string; number: string; issuedOn: string; revokedOn: string | null }[];
  entries: { id: string; kind: ProvenanceEntryKind; date: string; description: string; place: string }[];
}

export type ProvenanceEntry =
  | { kind: "created"; date: string; year: number }
  | {
      kind: "exhibited";
      date: string;
      endDate: string;
      exhibitionId: string;
      title: string;
      venue: string;
      place: string;
      published: boolean;
    }
  | { kind: "sold"; date: string; orderId: string; orderNumber: string; buyerName: string; place: string }
  | { kind: "certificate"; date: string; certificateId: string; number: string }
  | { kind: "certificate-revoked"; date: string; certificateId: string; number: string }
  | {
      kind: "recorded";
      date: string;
      entryId: string;
      entryKind: ProvenanceEntryKind;
      description: string;
      place: string;
    };

/** What visitors may read: a sale says "Private collection" and the country at most, never who bought it. */
export type PublicProvenanceEntry =
  | Extract<ProvenanceEntry, { kind: "created" | "certificate" | "certificate-revoked" }>
  | Omit<Extract<ProvenanceEntry, { kind: "exhibited" }>, "exhibitionId" | "published">
  | { kind: "sold"; date: string; place: string }
  | Omit<Extract<ProvenanceEntry, { kind: "recorded" }>, "entryId">;

// Keyed by the schema's type, so a kind added there must be labelled here.
const ENTRY_KINDS = choices<ProvenanceEntryKind>({
  consigned: "Consigned",
  acquired: "Acquired",
  exhibited: "Exhibited",
  loaned: "On loan",
  other: "Other",
});
export const PROVENANCE_ENTRY_LABELS = ENTRY_KINDS.labels;

/** On one day: made, shown, recorded, sold, certified, revoked (the order the events happen in a life). */
const KIND_ORDER: Record<ProvenanceEntry["kind"], number> = {
  created: 0,
  exhibited: 1,
  recorded: 2,
  sold: 3,
  certificate: 4,
  "certificate-revoked": 5,
};

/** A year sorts before every day of that year. */
const sortKey = (e: ProvenanceEntry) => (e.kind === "created" ? `${e.year}-00-00` : e.date);

const idOf = (e: ProvenanceEntry): string => {
  switch (e.kind) {
    case "created":
      return "";
    case "exhibited":
      return e.exhibitionId;
    case "sold":
      return e.orderId;
    case "certificate":
    case "certificate-revoked":
      return e.certificateId;
    case "recorded":
      return e.entryId;
  }
};

export function placeOf(city: string, country: string): string {
  return [city.trim(), country.trim() ? countryName(country.trim().toUpperCase()) : ""].filter(Boolean).join(", ");
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The whole history, oldest first; the same sources always give the same list. */
export function buildProvenance(sources: ProvenanceSources): ProvenanceEntry[] {
  const entries: ProvenanceEntry[] = [];
  if (sources.work.year !== null)
    entries.push({ kind: "created", date: String(sources.work.year), year: sources.work.year });
  for (const x of sources.exhibitions)
    entries.push({
      kind: "exhibited",
      date: x.startDate,
      endDate: x.endDate,
      exhibitionId: x.id,
      title: x.title,
      venue: x.venue,
      place: placeOf(x.city, x.country),
      published: x.published,
    });
  for (const o of sources.orders) {
    if (!isSold(o.status) || o.paidOn === null) continue;
    entries.push({
      kind: "sold",
      date: o.paidOn,
      orderId: o.id,
      orderNumber: o.number,
      buyerName: o.buyerName,
      place: placeOf(o.city, o.country),
    });
  }
  for (const c of sources.certificates) {
    entries.push({ kind: "certificate", date: c.issuedOn, certificateId: c.id, number: c.number });
    if (c.revokedOn)
      entries.push({ kind: "certificate-revoked", date: c.revokedOn, certificateId: c.id, number: c.number });
  }
  for (const m of sources.entries)
    entries.push({
      kind: "recorded",
      date: m.date,
      entryId: m.id,
      entryKind: m.kind,
      description: m.description,
      place: m.place,
    });
  return entries.sort(
    (a, b) => compare(sortKey(a), sortKey(b)) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || compare(idOf(a), idOf(b)),
  );
}

/**
 * The history a visitor reads: no buyer (name, order, city), only the country of a sale; exhibitions the
 * artist has not published are left out; no internal ids.
 */
export function publicProvenance(entries: readonly ProvenanceEntry[]): PublicProvenanceEntry[] {
  const shown: PublicProvenanceEntry[] = [];
  for (const e of entries) {
    switch (e.kind) {
      case "created":
        shown.push({ kind: "created", date: e.date, year: e.year });
        break;
      case "exhibited":
        if (e.published)
          shown.push({
            kind: "exhibited",
            date: e.date,
            endDate: e.endDate,
            title: e.title,
            venue: e.venue,
            place: e.place,
          });
        break;
      case "sold":
        shown.push({ kind: "sold", date: e.date, place: saleCountry(e.place) });
        break;
      case "certificate":
      case "certificate-revoked":
        shown.push({ kind: e.kind, date: e.date, certificateId: e.certificateId, number: e.number });
        break;
      case "recorded":
        shown.push({
          kind: "recorded",
          date: e.date,
          entryKind: e.entryKind,
          description: e.description,
          place: e.place,
        });
        break;
    }
  }
  return shown;
}

/** "New Orleans, United States" → "United States": a city can point at a person, a country cannot. */
function saleCountry(place: string): string {
  const parts = place.split(", ");
  return parts.length > 1 ? parts[parts.length - 1]! : place;
}

/** One line for a person: when, what, where. The admin's sale line names the buyer; the public one cannot. */
export interface ProvenanceLine {
  when: string;
  /** <time dateTime>: a day or a year. */
  dateTime: string;
  what: string;
  where: string;
}

export function provenanceLine(e: ProvenanceEntry | PublicProvenanceEntry): ProvenanceLine {
  switch (e.kind) {
    case "created":
      return { when: String(e.year), dateTime: String(e.year), what: "Made by the artist", where: "" };
    case "exhibited":
      return {
        when: formatDayRange(e.date, e.endDate),
        dateTime: e.date,
        what: `Exhibited: ${e.title}, ${e.venue}`,
        where: e.place,
      };
    case "sold":
      return {
        when: formatCalendarDay(e.date),
        dateTime: e.date,
        what: "buyerName" in e ? `Sold to ${e.buyerName} (order ${e.orderNumber})` : "Private collection",
        where: e.place,
      };
    case "certificate":
      return {
        when: formatCalendarDay(e.date),
        dateTime: e.date,
        what: `Certificate of authenticity ${e.number} issued`,
        where: "",
      };
    case "certificate-revoked":
      return { when: formatCalendarDay(e.date), dateTime: e.date, what: `Certificate ${e.number} revoked`, where: "" };
    case "recorded":
      return {
        when: formatCalendarDay(e.date),
        dateTime: e.date,
        what: e.entryKind === "other" ? e.description : `${PROVENANCE_ENTRY_LABELS[e.entryKind]}: ${e.description}`,
        where: e.place,
      };
  }
}

/** The artist's own entry (one schema for the form and the action). */
export const ProvenanceEntrySchema = z.object({
  kind: z.enum(ENTRY_KINDS.values, "Choose what happened."),
  date: dayField("date"),
  description: z
    .string({ error: "Say what happened." })
    .trim()
    .min(3, "Say what happened, e.g. Acquired by the Museum of X.")
    .max(300, "Keep it under 300 characters."),
  place: z.string().trim().max(120, "Keep the place under 120 characters.").default(""),
});

export type ProvenanceEntryInput = z.output<typeof ProvenanceEntrySchema>;

export const ProvenanceIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("visibility"), value: z.enum(["true", "false"]) }),
  ProvenanceEntrySchema.extend({ intent: z.literal("add-entry") }),
  z.object({ intent: z.literal("remove-entry"), entryId: z.uuid() }),
]);
