// Bulk Import (/admin/import): upload a CSV or Excel file (and a ZIP of images), match its columns, see every
// problem row by row, try a dry run, then import every row in one transaction (all or nothing). The
// template and the whole catalogue's export are in the same format.
import { redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { ImportPreviewView } from "~/components/admin/content/import-preview";
import { ImportStart } from "~/components/admin/content/import-start";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { IMPORT_FIELDS } from "~/modules/catalog/import/fields";
import {
  createImportUpload,
  ImportError,
  listRecentImports,
  MAX_ZIP_BYTES,
  previewImport,
  runImport,
  saveImportMapping,
  type ImportOutcome,
} from "~/modules/catalog/import/import.server";
import { MAX_SHEET_BYTES } from "~/modules/catalog/import/spreadsheet.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { formatShortDateTime } from "~/lib/dates";
import {
  FIELDS_NEED_ATTENTION,
  NOT_UNDERSTOOD,
  parseSubmission,
  readFormData,
  refuse,
} from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const uploadId = url.searchParams.get("upload");
  const fields = IMPORT_FIELDS.map(({ key, header, required, help }) => ({ key, header, required, help }));
  const tz = await studioTimeZone();
  const recent = async () =>
    (await listRecentImports()).map((r) => ({ ...r, uploadedOn: formatShortDateTime(r.createdAt, tz) }));
  if (uploadId && isUuid(uploadId)) {
    try {
      const preview = await previewImport(uploadId, { onlyProblems: url.searchParams.get("rows") === "problems" });
      return {
        view: "preview" as const,
        fields,
        preview,
        importedOn: preview.upload.importedAt ? formatShortDateTime(preview.upload.importedAt, tz) : null,
        onlyProblems: url.searchParams.get("rows") === "problems",
      };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      return { view: "start" as const, recent: await recent(), notice: error.message };
    }
  }
  return { view: "start" as const, recent: await recent(), notice: null };
}

const MB = 1024 * 1024;

/** The first step's form: the spreadsheet, and optionally a ZIP of its pictures (an empty file input is none). */
const Upload = z.object({
  intent: z.literal("upload"),
  file: z
    .instanceof(File, { message: "Choose a CSV or Excel file." })
    .refine((file) => file.size > 0, "Choose a CSV or Excel file.")
    .refine((file) => file.size <= MAX_SHEET_BYTES, `The file is larger than ${MAX_SHEET_BYTES / MB} MB.`),
  images: z
    .instanceof(File)
    .optional()
    .transform((zip) => (zip && zip.size > 0 ? zip : undefined))
    .refine((zip) => !zip || zip.size <= MAX_ZIP_BYTES, `The ZIP is larger than ${MAX_ZIP_BYTES / MB} MB.`),
});

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("map"), upload: z.uuid() }),
  z.object({ intent: z.literal("dry-run"), upload: z.uuid() }),
  z.object({ intent: z.literal("import"), upload: z.uuid() }),
]);

// A run answers success with its outcome either way: ImportOutcome is the verdict, with its reasons row by row.
export async function action({
  request,
}: Route.ActionArgs): Promise<ActionResult<{ outcome?: ImportOutcome }> | ReturnType<typeof refuse> | Response> {
  const context = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "upload") {
    const submission = parseSubmission(form, Upload, { intent: "upload" });
    if (!submission.ok) return refuse(submission.failure);
    const { file, images: zip } = submission.value;
    try {
      const id = await createImportUpload({
        fileName: file.name,
        bytes: new Uint8Array(await file.arrayBuffer()),
        zip: zip ? { fileName: zip.name, bytes: new Uint8Array(await zip.arrayBuffer()) } : undefined,
        userId: context.user.id,
      });
      return redirect(adminPaths.import(id));
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      return refuse({
        ok: false,
        intent: "upload",
        error: FIELDS_NEED_ATTENTION,
        fieldErrors: { [error.field]: error.message },
      });
    }
  }

  const submission = parseSubmission(form, Intent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  const { intent, upload } = submission.value;
  if (intent === "map") {
    const mapping: Record<string, string> = {};
    for (const field of IMPORT_FIELDS) {
      const column = form.get(`map.${field.key}`);
      if (typeof column === "string" && column) mapping[field.key] = column;
    }
    try {
      await saveImportMapping(upload, mapping);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      // The page then reads the upload again and says what became of it.
      return refuse({ ok: false, intent, error: error.message }, 404);
    }
    return { ok: true, intent };
  }
  return { ok: true, intent, outcome: await runImport(upload, { dryRun: intent === "dry-run" }) };
}

export const meta: Route.MetaFunction = () => adminMeta("Bulk Import");

export default function ImportPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Bulk Import"
        description="Add or update many works at once from a spreadsheet (CSV or Excel), with their pictures."
      />
      {loaderData.view === "start" ? (
        <ImportStart
          recent={loaderData.recent}
          notice={loaderData.notice}
          errors={formState(actionData, "upload").fieldErrors}
        />
      ) : (
        <ImportPreviewView
          key={loaderData.preview.upload.id}
          preview={loaderData.preview}
          importedOn={loaderData.importedOn}
          fields={loaderData.fields}
          onlyProblems={loaderData.onlyProblems}
          run={actionData?.ok ? actionData : undefined}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
