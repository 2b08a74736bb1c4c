// Bulk Import (/admin/import): upload a CSV or Excel file (and a ZIP of images), match its columns, see every
// problem row by row, try a dry run, then import every row in one transaction (all or nothing). The
// template and the whole catalogue's export are in the same format.
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/import";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { ImportPreviewView } from "~/components/admin/content/import-preview";
import { ImportStart } from "~/components/admin/content/import-start";
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
import { readFormData } from "~/modules/security/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const uploadId = url.searchParams.get("upload");
  const fields = IMPORT_FIELDS.map(({ key, header, required, help }) => ({ key, header, required, help }));
  if (uploadId && isUuid(uploadId)) {
    try {
      const preview = await previewImport(uploadId, { onlyProblems: url.searchParams.get("rows") === "problems" });
      return { view: "preview" as const, fields, preview, onlyProblems: url.searchParams.get("rows") === "problems" };
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      return { view: "start" as const, recent: await listRecentImports(), notice: error.message };
    }
  }
  return { view: "start" as const, recent: await listRecentImports(), notice: null };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("map"), upload: z.uuid() }),
  z.object({ intent: z.literal("dry-run"), upload: z.uuid() }),
  z.object({ intent: z.literal("import"), upload: z.uuid() }),
]);

export type ImportActionData =
  | { intent: "upload"; ok: false; errors: { file?: string; images?: string } }
  | { intent: "map"; ok: true }
  | { intent: "dry-run" | "import"; ok: boolean; outcome: ImportOutcome }
  | { intent: "invalid"; ok: false; error: string };

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "upload") {
    const file = form.get("file");
    const images = form.get("images");
    // A mistake in the form is answered with 200 and the reason (a 4xx reads as a failure in the browser).
    if (!(file instanceof File) || file.size === 0)
      return data<ImportActionData>({ intent: "upload", ok: false, errors: { file: "Choose a CSV or Excel file." } });
    if (file.size > MAX_SHEET_BYTES)
      return data<ImportActionData>({
        intent: "upload",
        ok: false,
        errors: { file: `The file is larger than ${MAX_SHEET_BYTES / 1024 / 1024} MB.` },
      });
    const zip = images instanceof File && images.size > 0 ? images : undefined;
    if (zip && zip.size > MAX_ZIP_BYTES)
      return data<ImportActionData>({
        intent: "upload",
        ok: false,
        errors: { images: `The ZIP is larger than ${MAX_ZIP_BYTES / 1024 / 1024} MB.` },
      });
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
      return data<ImportActionData>({ intent: "upload", ok: false, errors: { [error.field]: error.message } });
    }
  }

  const parsed = Intent.safeParse(Object.fromEntries([...form].filter(([k]) => k === "intent" || k === "upload")));
  if (!parsed.success)
    return data<ImportActionData>({ intent: "invalid", ok: false, error: "That request was not understood." }, 400);
  const { intent, upload } = parsed.data;
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
      return data<ImportActionData>({ intent: "invalid", ok: false, error: error.message });
    }
    return data<ImportActionData>({ intent: "map", ok: true });
  }
  const outcome = await runImport(upload, { dryRun: intent === "dry-run" });
  return data<ImportActionData>({ intent, ok: outcome.ok, outcome });
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
          errors={actionData?.intent === "upload" ? actionData.errors : undefined}
        />
      ) : (
        <ImportPreviewView
          key={loaderData.preview.upload.id}
          preview={loaderData.preview}
          fields={loaderData.fields}
          onlyProblems={loaderData.onlyProblems}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
