// A work's provenance on its edit page: the whole history (buyers named and linked to their orders, for the
// artist only), the switch that shows it on the artwork page, and the artist's own entries (add, remove).
// Posts to /admin/artworks/:id/provenance with fetchers; the edit page's loader then reads the history again.
import { useEffect, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { keepNumbersWhole } from "~/components/site/provenance-list";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { labelOptions, SelectField, TextField } from "~/components/ui/field";
import { ActionNotice } from "~/components/ui/notice";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import {
  PROVENANCE_ENTRY_LABELS,
  type ProvenanceEntry,
  type ProvenanceLine,
} from "~/modules/provenance/provenance-rules";
import { FetcherSwitch } from "./content/switch";
import { DeleteIconButton } from "./delete-icon-button";

const ENTRY_KINDS = labelOptions(PROVENANCE_ENTRY_LABELS);

export interface ProvenanceRow {
  entry: ProvenanceEntry;
  line: ProvenanceLine;
}

export function ProvenancePanel({
  artworkId,
  isPublic,
  rows,
  today,
}: {
  artworkId: string;
  isPublic: boolean;
  rows: ProvenanceRow[];
  /** The studio's today: the date field's default. */
  today: string;
}) {
  const action = adminPaths.artworkProvenance(artworkId);
  return (
    <section aria-labelledby="provenance-heading" className={`${cardClass} p-4 md:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-prose">
          <h2 id="provenance-heading" className="text-lg">
            Provenance
          </h2>
          <p id="provenance-note" className="text-muted mt-1 text-sm">
            The work&rsquo;s history from its exhibitions, sales and certificates, with entries of your own. On the
            artwork page a sale reads &ldquo;Private collection&rdquo; and the country: buyers are never named there.
          </p>
        </div>
        <FetcherSwitch
          label="Show provenance on the artwork page"
          name="value"
          checked={isPublic}
          hidden={{ intent: "visibility" }}
          action={action}
          describedBy="provenance-note"
        />
      </div>
      {rows.length === 0 ? (
        <p className="text-muted mt-4 text-sm">Nothing recorded yet: no year, exhibition, sale or certificate.</p>
      ) : (
        <ol aria-label="Provenance history" className="divide-line border-line mt-4 divide-y border-y text-sm">
          {rows.map(({ entry, line }) => (
            <li
              key={keyOf(entry)}
              className={`relative grid gap-1 py-2.5 sm:grid-cols-[12rem_1fr_auto] sm:gap-4 sm:pr-0 ${entry.kind === "recorded" ? "pr-10" : ""}`}
            >
              <time dateTime={line.dateTime} className="text-muted tabular-nums">
                {line.when}
              </time>
              <div className="min-w-0">
                <p>{entry.kind === "sold" ? <SaleLine entry={entry} /> : keepNumbersWhole(line.what)}</p>
                {line.where || hiddenNote(entry) ? (
                  <p className="text-muted text-xs">{[line.where, hiddenNote(entry)].filter(Boolean).join(" · ")}</p>
                ) : null}
              </div>
              {entry.kind === "recorded" ? (
                <RemoveEntry action={action} entryId={entry.entryId} what={line.what} />
              ) : (
                <span className="text-muted hidden text-xs sm:block">{SOURCE[entry.kind]}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      <AddEntryForm action={action} today={today} />
    </section>
  );
}

const SOURCE: Record<ProvenanceEntry["kind"], string> = {
  created: "Catalogue",
  exhibited: "Exhibitions",
  sold: "Orders",
  certificate: "Certificates",
  "certificate-revoked": "Certificates",
  recorded: "Your entry",
};

function keyOf(e: ProvenanceEntry): string {
  switch (e.kind) {
    case "created":
      return "created";
    case "exhibited":
      return `x:${e.exhibitionId}`;
    case "sold":
      return `o:${e.orderId}`;
    case "certificate":
    case "certificate-revoked":
      return `${e.kind}:${e.certificateId}`;
    case "recorded":
      return `r:${e.entryId}`;
  }
}

const hiddenNote = (e: ProvenanceEntry) =>
  e.kind === "exhibited" && !e.published ? "Exhibition not published: not shown on the artwork page" : "";

function SaleLine({ entry }: { entry: Extract<ProvenanceEntry, { kind: "sold" }> }) {
  return (
    <>
      Sold to{" "}
      <Link to={adminPaths.order(entry.orderId)} className="font-medium underline-offset-2 hover:underline">
        {entry.buyerName}
      </Link>{" "}
      <span className="text-muted whitespace-nowrap">(order {entry.orderNumber})</span>
    </>
  );
}

function RemoveEntry({ action, entryId, what }: { action: string; entryId: string; what: string }) {
  const remover = useFetcher<ActionResult>();
  return (
    <remover.Form method="post" action={action} className="absolute top-2 right-0 sm:static">
      <input type="hidden" name="intent" value="remove-entry" />
      <input type="hidden" name="entryId" value={entryId} />
      <DeleteIconButton type="submit" label={`Remove entry: ${what}`} disabled={remover.state !== "idle"} />
    </remover.Form>
  );
}

function AddEntryForm({ action, today }: { action: string; today: string }) {
  const adder = useFetcher<ActionResult>({ key: "provenance-add" });
  const form = useRef<HTMLFormElement>(null);
  const result = adder.state === "idle" ? adder.data : undefined;
  const { fieldErrors: errors } = formState(result);
  useEffect(() => {
    if (result?.ok) form.current?.reset();
  }, [result]);
  return (
    <adder.Form ref={form} method="post" action={action} noValidate className="mt-5" aria-labelledby="provenance-add">
      <h3 id="provenance-add" className="text-sm font-medium">
        Add an entry
      </h3>
      <p className="text-muted mt-0.5 text-xs">
        A consignment, a loan, a later owner you know of (&ldquo;Acquired by the Museum of X&rdquo;). Shown on the
        artwork page when provenance is.
      </p>
      <input type="hidden" name="intent" value="add-entry" />
      <div className="mt-3 grid gap-3 md:grid-cols-[10rem_10rem_1fr_12rem]">
        <SelectField
          label="What happened"
          name="kind"
          defaultValue="acquired"
          options={ENTRY_KINDS}
          error={errors.kind}
        />
        <TextField label="Date" name="date" type="date" defaultValue={today} error={errors.date} />
        <TextField
          label="Details"
          name="description"
          placeholder="Acquired by the Museum of X"
          maxLength={300}
          error={errors.description}
        />
        <TextField label="Place" name="place" placeholder="City, country" maxLength={120} error={errors.place} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button type="submit" variant="secondary" size="sm" busy={adder.state !== "idle"} busyLabel="Adding…">
          Add entry
        </Button>
        <ActionNotice className="text-sm" result={result} />
      </div>
    </adder.Form>
  );
}
