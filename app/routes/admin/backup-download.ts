// GET /admin/backup: a fresh backup of the shop as a download (Settings › Backups); GET
// /admin/backup?name=atelier-YYYY-MM-DD.atelier-backup: one of the automatic backups. Admins only.
import { createReadStream, statSync } from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import type { Route } from "./+types/backup-download";
import { requireAdmin } from "~/modules/auth/session.server";
import { freshBackupDownload, storedBackupPath } from "~/modules/backup/backups.server";
import { services } from "~/services.server";

/** The cookie that tells the Backups panel its download has started (the page cannot see a download begin). */
export const BACKUP_STARTED_COOKIE = "atelier-backup-started";

function fileResponse(path: string, filename: string, size: number, done?: () => void, ticket?: string): Response {
  const stream = createReadStream(path);
  if (done) stream.on("close", done);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      "content-type": "application/octet-stream",
      "content-length": String(size),
      "content-disposition": `attachment; filename="${filename}"`,
      // no-transform: sent as it is, with its length (the compression middleware and proxies leave it alone;
      // its images and data are compressed already).
      "cache-control": "private, no-store, no-transform",
      ...(ticket
        ? { "set-cookie": `${BACKUP_STARTED_COOKIE}=${ticket}; Path=/admin; Max-Age=120; SameSite=Strict` }
        : {}),
    },
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const name = new URL(request.url).searchParams.get("name");
  if (name) {
    const path = storedBackupPath(name);
    if (!path) throw data("No such backup", { status: 404 });
    return fileResponse(path, name, statSync(path).size);
  }
  const download = await freshBackupDownload();
  services().logger.info({ userId: admin.user.id }, "backup downloaded from the admin");
  // The panel's ticket comes back as a cookie once the archive is written and the download starts.
  const ticket = new URL(request.url).searchParams.get("ticket");
  return fileResponse(
    download.path,
    download.filename,
    download.size,
    () => download.remove(),
    ticket && /^[a-z0-9]{8,32}$/.test(ticket) ? ticket : undefined,
  );
}
