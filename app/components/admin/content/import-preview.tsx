// Bulk Import's second step: the columns matched to the fields, every problem by row, the rows as they will
// be imported, and the dry run and import buttons. The import itself is all or nothing.
import { AlertTriangle, CheckCircle2, FlaskConical, Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { ViewLink } from "~/components/admin/view-link";
import { buttonClass } from "~/components/ui/button";
import { cardClass, Panel } from "~/components/ui/card";
import { rowClass, TableFrame, Td, Th } from "~/components/ui/data-table";
import { SelectField } from "~/components/ui/field";
import { ActionNotice, Notice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminPaths } from "~/lib/admin-paths";
import { AVAILABILITY_LABELS } from "~/lib/availability";
import { paths } from "~/lib/paths";
import type { ImportField } from "~/modules/catalog/import/fields";
import type { ImportOutcome, ImportPreview, PreviewRow } from "~/modules/catalog/import/import.server";
import type { RowError } from "~/modules/catalog/import/rows";

type FieldKey = ImportField;

/** What the page says of each field (from the server's IMPORT_FIELDS). */
export interface FieldInfo {
  key: FieldKey;
  header: string;
  required: boolean;
  help: string;
}

/** What the last dry run or import answered. */
export interface ImportRun {
  intent?: string;
  outcome?: ImportOutcome;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function ImportPreviewView({
  preview,
  importedOn,
  fields,
  onlyProblems,
  run,
}: {
  preview: ImportPreview;
  /** When the file was imported, as the studio says it; null until it is. */
  importedOn: string | null;
  fields: FieldInfo[];
  onlyProblems: boolean;
  run?: ImportRun;
}) {
  const { upload } = preview;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.has("intent") === true;
  const labelOf = (key: FieldKey) => fields.find((f) => f.key === key)?.header ?? key;
  const imported = upload.status === "imported";
  const problemLines = new Set(preview.errors.map((e) => e.line)).size;
  // The import is all or nothing: with a problem left, the button would only be refused.
  const blocked = preview.problems.length > 0 || preview.errors.length > 0;
  const rowsOf = (n: number) => plural(n, "row", "rows");

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="file-heading"
        className={`${cardClass} flex flex-wrap items-start justify-between gap-4 p-5`}
      >
        <div className="min-w-0">
          <h2 id="file-heading" className="font-serif text-xl break-words">
            {upload.fileName}
          </h2>
          <p className="text-muted mt-1 text-sm">
            {rowsOf(upload.rowCount)}: {plural(preview.creates, "new work", "new works")},{" "}
            {plural(preview.updates, "update", "updates")} of existing works (matched by slug).
            {upload.imagesName
              ? ` Pictures: ${upload.imagesName} (${plural(upload.imageNames.length, "image", "images")}).`
              : ""}
          </p>
          {upload.imagesName || preview.imagesFromZip + preview.imagesFromLibrary > 0 ? (
            <p className="text-muted mt-1 text-sm">
              Pictures found: {preview.imagesFromZip} in the ZIP, {preview.imagesFromLibrary} already uploaded.
            </p>
          ) : null}
          {preview.featured > 6 ? (
            <p className="mt-2 flex items-center gap-1.5 text-sm text-amber-800">
              <AlertTriangle aria-hidden className="size-4" />
              {preview.featured} rows are featured; the home page shows only the first 6 in your order.
            </p>
          ) : null}
          {preview.kept.length > 0 ? (
            <div className="mt-2 text-sm text-amber-800">
              <p className="flex items-center gap-1.5">
                <AlertTriangle aria-hidden className="size-4" />
                {plural(preview.kept.length, "row updates a work", "rows update works")} the shop keeps for a buyer (an
                unpaid order, a hold) or has sold: their availability and quantity stay as they are.
              </p>
              <ul className="mt-1 ml-6 list-disc">
                {preview.kept.slice(0, 50).map((k) => (
                  <li key={k.line}>
                    Row {k.line}: {k.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </div>
        <Link to={adminPaths.import()} className={buttonClass("secondary", "sm")}>
          <Upload aria-hidden className="size-4" /> Upload another file
        </Link>
      </section>

      {imported ? (
        <Notice>
          <p className="flex items-start gap-2">
            <CheckCircle2 aria-hidden className="text-available mt-0.5 size-4 shrink-0" />
            <span>
              Imported{importedOn ? ` on ${importedOn}` : ""}: {plural(upload.createdCount, "new work", "new works")},{" "}
              {plural(upload.updatedCount, "update", "updates")}.{" "}
              <Link to={adminPaths.artworks()} className="underline underline-offset-4">
                The works
              </Link>{" "}
              ·{" "}
              <Link to={paths.gallery()} className="underline underline-offset-4">
                Gallery
              </Link>
            </span>
          </p>
        </Notice>
      ) : null}

      {imported ? null : <ColumnsForm preview={preview} fields={fields} disabled={imported} />}

      {blocked ? (
        <section
          aria-labelledby="problems-heading"
          className="border-destructive/30 rounded-lg border bg-red-50/60 p-5"
        >
          <h2 id="problems-heading" className="text-destructive flex items-center gap-2 font-serif text-xl">
            <AlertTriangle aria-hidden className="size-5" />
            {preview.problems.length > 0 ? "The columns need attention" : `${rowsOf(problemLines)} with problems`}
          </h2>
          <p className="text-ink-soft mt-1 text-sm">
            Nothing can be imported until every problem is fixed. Correct the file and upload it again.
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            {preview.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
            {preview.errors.slice(0, 200).map((e, i) => (
              <li key={`${e.line}-${e.field}-${i}`}>
                <span className="font-medium">Row {e.line}</span> · {labelOf(e.field)}: {e.message}
              </li>
            ))}
          </ul>
          {preview.errors.length > 200 ? (
            <p className="text-muted mt-2 text-sm">…and {preview.errors.length - 200} more.</p>
          ) : null}
        </section>
      ) : null}

      {imported ? null : (
        <Panel title="Import">
          <p className="text-muted mt-1 text-sm">
            Every row is saved in one go, or none is. A dry run does everything and then undoes it, to check.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-2">
            <input type="hidden" name="upload" value={upload.id} />
            <SubmitButton
              intent="dry-run"
              variant="secondary"
              size="sm"
              disabled={busy}
              busyLabel={
                <>
                  <FlaskConical aria-hidden className="size-4" />
                  Checking…
                </>
              }
            >
              <FlaskConical aria-hidden className="size-4" />
              Dry run
            </SubmitButton>
            <SubmitButton intent="import" size="sm" disabled={busy || blocked} busyLabel="Importing…">
              {`Import ${plural(upload.rowCount, "artwork", "artworks")}`}
            </SubmitButton>
          </Form>
          {blocked ? (
            <p className="text-muted mt-2 text-sm">
              {preview.problems.length > 0
                ? "Choose the columns above to import."
                : "Fix the problems above in the file and upload it again to import."}
            </p>
          ) : null}
          <Outcome run={run} labelOf={labelOf} />
        </Panel>
      )}

      {imported ? null : (
        <section aria-labelledby="rows-heading">
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
            <h2 id="rows-heading" className="font-serif text-xl">
              Rows
            </h2>
            <nav aria-label="Which rows" className="flex gap-1 text-sm">
              <ViewLink to={adminPaths.import(upload.id)} current={!onlyProblems} idle="ghost">
                All rows
              </ViewLink>
              <ViewLink to={adminPaths.import(upload.id, { problems: true })} current={onlyProblems} idle="ghost">
                With problems ({problemLines})
              </ViewLink>
            </nav>
          </div>
          <PreviewTable rows={preview.rows} errors={preview.errors} labelOf={labelOf} />
          {preview.hiddenRows > 0 ? (
            <p className="text-muted mt-3 text-sm">…and {rowsOf(preview.hiddenRows)} more, all checked.</p>
          ) : null}
        </section>
      )}
    </div>
  );
}

function ColumnsForm({
  preview,
  fields,
  disabled,
}: {
  preview: ImportPreview;
  fields: FieldInfo[];
  disabled: boolean;
}) {
  const submit = useSubmit();
  return (
    <Panel title="Columns">
      <p className="text-muted mt-1 text-sm">
        Each field reads from the column chosen here; the matches are made from the headers. Columns not chosen are
        ignored, and an update leaves the fields without a column as they are.
      </p>
      <Form
        method="post"
        className="mt-4"
        onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
      >
        <input type="hidden" name="intent" value="map" />
        <input type="hidden" name="upload" value={preview.upload.id} />
        <fieldset disabled={disabled} className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="sr-only">Column for each field</legend>
          {fields.map((field) => {
            const chosen = preview.mapping[field.key] ?? "";
            return (
              <SelectField
                key={field.key}
                label={
                  <>
                    {field.header}
                    {field.required ? <span className="text-destructive"> (required)</span> : null}
                  </>
                }
                name={`map.${field.key}`}
                defaultValue={chosen}
                options={[
                  { value: "", label: "— Not imported —" },
                  ...preview.headers.map((h) => ({ value: h, label: h })),
                ]}
                hint={chosen && preview.samples[chosen] ? `e.g. ${preview.samples[chosen]}` : field.help}
              />
            );
          })}
        </fieldset>
        <noscript>
          <button type="submit" className={buttonClass("secondary", "sm", "mt-4")}>
            Apply columns
          </button>
        </noscript>
      </Form>
    </Panel>
  );
}

/** The last dry run's or import's verdict: passed (what it did), or refused with every reason. */
function Outcome({ run, labelOf }: { run?: ImportRun; labelOf: (key: FieldKey) => string }) {
  const outcome = run?.intent === "dry-run" || run?.intent === "import" ? run.outcome : undefined;
  if (!outcome || outcome.ok) return <ActionNotice className="mt-4 text-sm" message={outcome && passed(outcome)} />;
  return (
    <div
      role="alert"
      className="border-destructive/30 bg-destructive/5 text-destructive mt-4 rounded-md border p-3 text-sm"
    >
      <p className="font-medium">{outcome.message}</p>
      {outcome.problems.length > 0 || outcome.errors.length > 0 ? (
        <ul className="text-ink-soft mt-2 space-y-0.5">
          {outcome.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
          {outcome.errors.slice(0, 20).map((e, i) => (
            <li key={i}>
              Row {e.line} · {labelOf(e.field)}: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const HEADINGS: { key: FieldKey | "line" | "action" | "featured" | "terms"; label: string }[] = [
  { key: "line", label: "Row" },
  { key: "action", label: "Action" },
  { key: "title", label: "Title" },
  { key: "medium", label: "Medium" },
  { key: "year", label: "Year" },
  { key: "size", label: "Size" },
  { key: "price", label: "Price" },
  { key: "availability", label: "Availability" },
  { key: "featured", label: "Featured" },
  { key: "quantity", label: "Qty" },
  { key: "terms", label: "Categories, series, tags" },
  { key: "image", label: "Image" },
];

const TERM_FIELDS: readonly string[] = ["category", "series", "tags"];

function PreviewTable({
  rows,
  errors,
  labelOf,
}: {
  rows: PreviewRow[];
  errors: RowError[];
  labelOf: (key: FieldKey) => string;
}) {
  if (rows.length === 0) return <p className="text-muted text-sm">No rows to show.</p>;
  const messages = new Map<number, string[]>();
  for (const e of errors) messages.set(e.line, [...(messages.get(e.line) ?? []), `${labelOf(e.field)}: ${e.message}`]);
  return (
    // Focusable, so the rows scroll sideways from the keyboard too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Rows as they will be imported">
      <TableFrame
        caption="Rows as they will be imported"
        className="w-max min-w-full"
        head={
          <>
            {HEADINGS.map((c) => (
              <Th key={c.key} className="whitespace-nowrap">
                {c.label}
              </Th>
            ))}
            <Th>Problems</Th>
          </>
        }
      >
        {rows.map((row) => {
          const bad = (key: string) =>
            key === "terms"
              ? row.errorFields.some((f) => TERM_FIELDS.includes(f))
              : row.errorFields.some((f) => f === key);
          const cell = (key: string, value: ReactNode) => (
            <Td
              className={`${key === "title" || key === "terms" ? "min-w-40" : "whitespace-nowrap"} ${bad(key) ? "text-destructive bg-destructive/10" : ""}`}
            >
              {value}
            </Td>
          );
          const rowMessages = messages.get(row.line);
          return (
            <tr key={row.line} className={`${rowClass} ${rowMessages ? "bg-destructive/5" : ""}`}>
              <th scope="row" className="text-muted px-4 py-3 align-top font-normal tabular-nums">
                {row.line}
              </th>
              <Td>
                <StatusBadge tone={row.action === "update" ? "neutral" : "success"}>
                  {row.action === "update" ? "Update" : "New"}
                </StatusBadge>
              </Td>
              {cell("title", row.title || <span className="italic">missing</span>)}
              {cell("medium", row.medium)}
              {cell("year", row.year ?? (bad("year") ? "?" : ""))}
              {cell("size", row.size)}
              {cell("price", row.price || (bad("price") ? "?" : <span className="text-muted">On request</span>))}
              {cell(
                "availability",
                bad("availability") ? "?" : (AVAILABILITY_LABELS[row.availability] ?? row.availability),
              )}
              {cell("featured", row.isFeatured ? "Yes" : "")}
              {cell("quantity", row.quantity)}
              {cell("terms", row.terms)}
              {cell(
                "image",
                row.image ? (
                  <span
                    title={
                      row.imageSource === "zip"
                        ? "From the ZIP"
                        : row.imageSource === "library"
                          ? "Already uploaded"
                          : "Not found"
                    }
                  >
                    {row.image}
                  </span>
                ) : (
                  ""
                ),
              )}
              <Td className="text-destructive min-w-56 text-xs">
                {rowMessages?.map((m) => (
                  <p key={m}>{m}</p>
                ))}
                {row.kept ? <p className="text-amber-800">{row.kept}</p> : null}
              </Td>
            </tr>
          );
        })}
      </TableFrame>
    </div>
  );
}

/** What a run that passed did. */
function passed(outcome: Extract<ImportOutcome, { ok: true }>): string {
  return outcome.dryRun
    ? `Dry run passed: ${plural(outcome.created, "new work", "new works")} and ${plural(outcome.updated, "update", "updates")} would be saved. Nothing was saved.`
    : `Imported ${plural(outcome.created, "new work", "new works")} and ${plural(outcome.updated, "update", "updates")} in ${(outcome.ms / 1000).toFixed(1)} s.`;
}
