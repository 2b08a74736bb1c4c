// GET /admin/export?format=csv|xlsx: the whole catalogue in the import's format (importing it gives it back).
import type { Route } from "./+types/export";
import { requireAdmin } from "~/modules/auth/session.server";
import { exportCatalogue, spreadsheetResponse } from "~/modules/catalog/import/export.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const format = new URL(request.url).searchParams.get("format") === "csv" ? "csv" : "xlsx";
  return spreadsheetResponse(await exportCatalogue(format));
}
