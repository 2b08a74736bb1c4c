// Bulk Import's first step: the upload form, the template and the export, and the recent imports.
import { Download, FileSpreadsheet } from "lucide-react";
import { Form, Link } from "react-router";
import { Panel } from "~/components/ui/card";
import { FileField } from "~/components/ui/file-field";
import { FormError } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";
import type { FieldErrors } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import type { ImportUploadView } from "~/modules/catalog/import/import.server";

/** The files the artist can start from: a template to fill in, or the whole catalogue to edit and import again. */
const DOWNLOADS = [
  [adminPaths.importTemplate("xlsx"), "Template (Excel)"],
  [adminPaths.importTemplate("csv"), "Template (CSV)"],
  [adminPaths.exportCatalogue("xlsx"), "Export the catalogue (Excel)"],
  [adminPaths.exportCatalogue("csv"), "Export the catalogue (CSV)"],
] as const;

export function ImportStart({
  recent,
  notice,
  errors,
}: {
  /** The latest uploads, each with when it was uploaded as the studio says it. */
  recent: (ImportUploadView & { uploadedOn: string })[];
  notice: string | null;
  errors: FieldErrors;
}) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Panel title="Upload a spreadsheet" className="p-5 lg:col-span-2">
        <p className="text-muted mt-1 text-sm">
          One artwork per row, with a header row. You will see every row and every problem before anything is saved.
        </p>
        {notice ? (
          <div className="mt-3">
            <FormError message={notice} />
          </div>
        ) : null}
        <Form method="post" encType="multipart/form-data" noValidate className="mt-5 space-y-4">
          <FileField
            label="Spreadsheet (CSV or Excel .xlsx)"
            error={errors.file}
            name="file"
            required
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          />
          <FileField
            label="Pictures (optional ZIP)"
            error={errors.images}
            hint="Rows name their picture in the Image column; it is looked up in this ZIP, then among pictures you already uploaded."
            name="images"
            accept=".zip,application/zip"
          />
          <SubmitButton
            intent="upload"
            size="sm"
            busyLabel={
              <>
                <FileSpreadsheet aria-hidden className="size-4" />
                Reading the file…
              </>
            }
          >
            <FileSpreadsheet aria-hidden className="size-4" />
            Upload and preview
          </SubmitButton>
        </Form>
      </Panel>

      <Panel title="Template and export">
        <p className="text-muted mt-1 text-sm">
          Start from the template, or export the whole catalogue, edit it and import it again: works are matched by
          their slug and updated.
        </p>
        <ul className="mt-4 space-y-2 text-sm">
          {DOWNLOADS.map(([href, label]) => (
            <li key={href}>
              <a href={href} download className="inline-flex items-center gap-2 underline underline-offset-4">
                <Download aria-hidden className="size-4" /> {label}
              </a>
            </li>
          ))}
        </ul>
      </Panel>

      <Panel title="Recent imports" className="p-5 lg:col-span-3">
        {recent.length === 0 ? (
          <p className="text-muted mt-2 text-sm">No imports yet.</p>
        ) : (
          <ul className="divide-line mt-3 divide-y text-sm">
            {recent.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <span className="min-w-0">
                  <Link to={adminPaths.import(item.id)} className="font-medium underline-offset-4 hover:underline">
                    {item.fileName}
                  </Link>
                  <span className="text-muted">
                    {" "}
                    · {item.rowCount} rows · {item.uploadedOn}
                  </span>
                </span>
                <span className="text-muted">
                  {item.status === "imported"
                    ? `Imported: ${item.createdCount} new, ${item.updatedCount} updated`
                    : "Not imported"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
