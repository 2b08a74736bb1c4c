// POST /api/offline-queue: one change made while the browser was offline, replayed on reconnect (spec §7
// "Queued offline writes"; app/lib/offline-queue.ts sends them, oldest first). The body is a form with one
// field, `operation`: the stored { id, timestamp, retries, maxRetries, type, table, data } as JSON. Only the
// tables and changes the person may make are applied (app/modules/realtime/offline-writes.server.ts); the
// answer is JSON: { ok: true } or { ok: false, error } with 400 (not accepted), 401, 403, 404 (gone) or 409 (a
// work the shop keeps for a buyer cannot be put on sale).
import { data } from "react-router";
import type { Route } from "./+types/offline-queue";
import { displayName, getAuthContext, requireAdmin } from "~/modules/auth/session.server";
import { AvailabilityRefused } from "~/modules/catalog/admin-catalog.server";
import { PhotoGoneError } from "~/modules/content/artist-photos.server";
import { SectionError } from "~/modules/content/homepage-admin.server";
import { applyOperation, GoneError, needsAdmin, parseOperation } from "~/modules/realtime/offline-writes.server";
import { readFormData } from "~/modules/forms/submission.server";

const noStore = { "cache-control": "no-store" };

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST")
    throw data({ ok: false, error: "Send changes with POST." }, { status: 405, headers: { allow: "POST" } });
  const context = await getAuthContext(request);
  if (!context)
    return data(
      { ok: false, error: "Sign in again to save the changes made offline." },
      { status: 401, headers: noStore },
    );
  const parsed = parseOperation((await readFormData(request)).get("operation"));
  if (!parsed.ok) return data({ ok: false, error: parsed.error }, { status: 400, headers: noStore });
  // The admin tables need an administrator, with the same checks as the admin pages (two-factor, idle time).
  if (needsAdmin(parsed.op)) await requireAdmin(request);
  try {
    await applyOperation(parsed.op, { id: context.user.id, name: displayName(context) });
  } catch (error) {
    if (error instanceof GoneError || error instanceof PhotoGoneError || error instanceof SectionError)
      return data({ ok: false, error: error.message }, { status: 404, headers: noStore });
    if (error instanceof AvailabilityRefused)
      return data({ ok: false, error: error.message }, { status: 409, headers: noStore });
    throw error;
  }
  return data({ ok: true }, { headers: noStore });
}
