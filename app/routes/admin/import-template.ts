// GET /admin/import/template?format=csv|xlsx: the import's empty template (the workbook explains each column).
import type { Route } from "./+types/import-template";
import { requireAdmin } from "~/modules/auth/session.server";
import { catalogueTemplate, spreadsheetResponse } from "~/modules/catalog/import/export.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
  return spreadsheetResponse(await catalogueTemplate(format));
}
