// Bulk Import's second step: the columns matched to the fields, every problem by row, the rows as they will
// be imported, and the dry run and import buttons. The import itself is all or nothing.
import { AlertTriangle, CheckCircle2, FlaskConical, Upload } from "lucide-react";
import { Form, Link, useActionData, useNavigation, useSubmit } from "react-router";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { paths } from "~/lib/paths";
import { adminButton, adminCard, adminInput, adminLabel } from "../ui";

type FieldKey = string;

interface FieldInfo {
  key: FieldKey;
  header: string;
  required: boolean;
  help: string;
}

interface RowError {
  line: number;
  field: FieldKey;
  message: string;
}

interface PreviewRow {
  line: number;
  action: "create" | "update";
  title: string;
  slug: string | null;
  medium: string;
  year: number | null;
  size: string;
  price: string;
  availability: string;
  isFeatured: boolean;
  quantity: number;
  terms: string;
  image: string | null;
  imageSource: "zip" | "library" | null;
  errorFields: FieldKey[];
}

export interface ImportPreviewData {
  upload: {
    id: string;
    fileName: string;
    imagesName: string | null;
    imageNames: string[];
    status: "uploaded" | "imported";
    rowCount: number;
    createdCount: number;
    updatedCount: number;
    importedAt: Date | string | null;
  };
  headers: string[];
  samples: Record<string, string>;
  mapping: Partial<Record<FieldKey, string>>;
  problems: string[];
  errors: RowError[];
  rows: PreviewRow[];
  hiddenRows: number;
  creates: number;
  updates: number;
  featured: number;
  imagesFromZip: number;
  imagesFromLibrary: number;
}

type Outcome =
  | { ok: true; dryRun: boolean; created: number; updated: number; images: number; ms: number }
  | { ok: false; message: string; problems: string[]; errors: RowError[] };

type ActionData = { intent: string; ok: boolean; outcome?: Outcome; error?: string } | undefined;

const AVAILABILITY: Record<string, string> = {
  available: "Available",
  reserved: "Reserved",
  sold: "Sold",
  not_for_sale: "Not for sale",
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export function ImportPreviewView({
  preview,
  fields,
  onlyProblems,
}: {
  preview: ImportPreviewData;
  fields: FieldInfo[];
  onlyProblems: boolean;
}) {
  const { upload } = preview;
  const actionData = useActionData<ActionData>();
  const navigation = useNavigation();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const labelOf = (key: FieldKey) => fields.find((f) => f.key === key)?.header ?? key;
  const imported = upload.status === "imported";
  const problemLines = new Set(preview.errors.map((e) => e.line)).size;
  const rowsOf = (n: number) => plural(n, "row", "rows");

  return (
    <div className="space-y-6">
      <section
        aria-labelledby="file-heading"
        className={`${adminCard} flex flex-wrap items-start justify-between gap-4 p-5`}
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
        </div>
        <Link to={adminPaths.import()} className={adminButton.secondary}>
          <Upload aria-hidden className="size-4" /> Upload another file
        </Link>
      </section>

      {imported ? (
        <div
          role="status"
          className="flex items-start gap-2 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm"
        >
          <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700" />
          <p>
            Imported{upload.importedAt ? ` on ${formatDateTime(upload.importedAt)}` : ""}:{" "}
            {plural(upload.createdCount, "new work", "new works")}, {plural(upload.updatedCount, "update", "updates")}.{" "}
            <Link to={adminPaths.artworks()} className="underline underline-offset-4">
              Artwork Management
            </Link>{" "}
            ·{" "}
            <Link to={paths.gallery()} className="underline underline-offset-4">
              Gallery
            </Link>
          </p>
        </div>
      ) : null}

      {imported ? null : <ColumnsForm preview={preview} fields={fields} disabled={imported} />}

      {preview.problems.length > 0 || preview.errors.length > 0 ? (
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
        <section aria-labelledby="run-heading" className={`${adminCard} p-5`}>
          <h2 id="run-heading" className="font-serif text-xl">
            Import
          </h2>
          <p className="text-muted mt-1 text-sm">
            Every row is saved in one go, or none is. A dry run does everything and then undoes it, to check.
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-2">
            <input type="hidden" name="upload" value={upload.id} />
            <button
              type="submit"
              name="intent"
              value="dry-run"
              className={adminButton.secondary}
              disabled={Boolean(busyIntent)}
            >
              <FlaskConical aria-hidden className="size-4" />
              {busyIntent === "dry-run" ? "Checking…" : "Dry run"}
            </button>
            <button
              type="submit"
              name="intent"
              value="import"
              className={adminButton.primary}
              disabled={Boolean(busyIntent)}
            >
              {busyIntent === "import" ? "Importing…" : `Import ${plural(upload.rowCount, "artwork", "artworks")}`}
            </button>
          </Form>
          <Outcome data={actionData} labelOf={labelOf} />
        </section>
      )}

      {imported ? null : (
        <section aria-labelledby="rows-heading" className={`${adminCard} overflow-hidden`}>
          <div className="border-line flex flex-wrap items-center justify-between gap-2 border-b px-5 py-3">
            <h2 id="rows-heading" className="font-serif text-xl">
              Rows
            </h2>
            <nav aria-label="Which rows" className="flex gap-1 text-sm">
              <Link
                to={adminPaths.import(upload.id)}
                aria-current={!onlyProblems ? "page" : undefined}
                className={`rounded-md px-2.5 py-1 ${!onlyProblems ? "bg-ink text-paper" : "hover:bg-ink/[0.06]"}`}
              >
                All rows
              </Link>
              <Link
                to={adminPaths.import(upload.id, { problems: true })}
                aria-current={onlyProblems ? "page" : undefined}
                className={`rounded-md px-2.5 py-1 ${onlyProblems ? "bg-ink text-paper" : "hover:bg-ink/[0.06]"}`}
              >
                With problems ({problemLines})
              </Link>
            </nav>
          </div>
          <PreviewTable rows={preview.rows} errors={preview.errors} labelOf={labelOf} />
          {preview.hiddenRows > 0 ? (
            <p className="text-muted border-line border-t px-5 py-3 text-sm">
              …and {rowsOf(preview.hiddenRows)} more, all checked.
            </p>
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
  preview: ImportPreviewData;
  fields: FieldInfo[];
  disabled: boolean;
}) {
  const submit = useSubmit();
  return (
    <section aria-labelledby="columns-heading" className={`${adminCard} p-5`}>
      <h2 id="columns-heading" className="font-serif text-xl">
        Columns
      </h2>
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
            const id = `map-${field.key}`;
            return (
              <div key={field.key}>
                <label htmlFor={id} className={adminLabel}>
                  {field.header}
                  {field.required ? <span className="text-destructive"> (required)</span> : null}
                </label>
                <select
                  id={id}
                  name={`map.${field.key}`}
                  defaultValue={chosen}
                  className={adminInput}
                  aria-describedby={`${id}-sample`}
                >
                  <option value="">— Not imported —</option>
                  {preview.headers.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
                <p id={`${id}-sample`} className="text-muted mt-1 truncate text-xs">
                  {chosen && preview.samples[chosen] ? `e.g. ${preview.samples[chosen]}` : field.help}
                </p>
              </div>
            );
          })}
        </fieldset>
        <noscript>
          <button type="submit" className={`${adminButton.secondary} mt-4`}>
            Apply columns
          </button>
        </noscript>
      </Form>
    </section>
  );
}

function Outcome({ data, labelOf }: { data: ActionData; labelOf: (key: FieldKey) => string }) {
  const outcome = data?.outcome;
  if (!data || (data.intent !== "dry-run" && data.intent !== "import")) return <div role="status" aria-live="polite" />;
  if (!outcome) return null;
  if (outcome.ok) {
    const seconds = (outcome.ms / 1000).toFixed(1);
    return (
      <div
        role="status"
        aria-live="polite"
        className="mt-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm"
      >
        {outcome.dryRun
          ? `Dry run passed: ${plural(outcome.created, "new work", "new works")} and ${plural(outcome.updated, "update", "updates")} would be saved. Nothing was saved.`
          : `Imported ${plural(outcome.created, "new work", "new works")} and ${plural(outcome.updated, "update", "updates")} in ${seconds} s.`}
      </div>
    );
  }
  return (
    <div role="alert" className="border-destructive/30 text-destructive mt-4 rounded-md border bg-red-50 p-3 text-sm">
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

const COLUMNS: { key: string; label: string }[] = [
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

function PreviewTable({
  rows,
  errors,
  labelOf,
}: {
  rows: PreviewRow[];
  errors: RowError[];
  labelOf: (key: FieldKey) => string;
}) {
  if (rows.length === 0) return <p className="text-muted px-5 py-6 text-sm">No rows to show.</p>;
  const messages = new Map<number, string[]>();
  for (const e of errors) messages.set(e.line, [...(messages.get(e.line) ?? []), `${labelOf(e.field)}: ${e.message}`]);
  const termFields = ["category", "series", "tags"];
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Rows as they will be imported">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <thead className="bg-paper-deep/60 text-muted text-xs">
          <tr>
            {COLUMNS.map((c) => (
              <th key={c.key} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                {c.label}
              </th>
            ))}
            <th scope="col" className="px-3 py-2 font-medium">
              Problems
            </th>
          </tr>
        </thead>
        <tbody className="divide-line divide-y">
          {rows.map((row) => {
            const bad = (key: FieldKey) =>
              key === "terms" ? row.errorFields.some((f) => termFields.includes(f)) : row.errorFields.includes(key);
            const cell = (key: FieldKey, value: React.ReactNode) => (
              <td
                className={`px-3 py-2 align-top ${key === "title" || key === "terms" ? "min-w-40" : "whitespace-nowrap"} ${bad(key) ? "text-destructive bg-red-100" : ""}`}
              >
                {value}
              </td>
            );
            const rowMessages = messages.get(row.line);
            return (
              <tr key={row.line} className={rowMessages ? "bg-red-50/50" : undefined}>
                <th scope="row" className="text-muted px-3 py-2 align-top font-normal tabular-nums">
                  {row.line}
                </th>
                <td className="px-3 py-2 align-top">
                  <span
                    className={`rounded px-1.5 py-0.5 text-xs ${row.action === "update" ? "bg-sky-100 text-sky-900" : "bg-emerald-100 text-emerald-900"}`}
                  >
                    {row.action === "update" ? "Update" : "New"}
                  </span>
                </td>
                {cell("title", row.title || <span className="italic">missing</span>)}
                {cell("medium", row.medium)}
                {cell("year", row.year ?? "")}
                {cell("size", row.size)}
                {cell("price", row.price || (bad("price") ? "?" : <span className="text-muted">On request</span>))}
                {cell("availability", AVAILABILITY[row.availability] ?? row.availability)}
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
                <td className="text-destructive min-w-56 px-3 py-2 align-top text-xs">
                  {rowMessages?.map((m) => (
                    <p key={m}>{m}</p>
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
