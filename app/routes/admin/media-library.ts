// GET /admin/media-library?page=N: the media library a page at a time, newest first (the image pickers).
import type { Route } from "./+types/media-library";
import { pageCount, pageParam } from "~/lib/pagination";
import { requireAdmin } from "~/modules/auth/session.server";
import { listMediaLibrary } from "~/modules/media/media.server";

const PAGE_SIZE = 30;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams);
  const { images, total } = await listMediaLibrary({ page, pageSize: PAGE_SIZE });
  return Response.json(
    { images, total, page, pages: pageCount(total, PAGE_SIZE) },
    { headers: { "cache-control": "no-store" } },
  );
}
