import { data } from "react-router";
import type { Route } from "./+types/gallery-works";
import { GALLERY_LIGHTBOX_MAX, parseGalleryParams } from "~/lib/gallery-query";
import { searchArtworks } from "~/modules/catalog/catalog.server";
import { withZoom } from "~/modules/media/tiles.server";

/**
 * GET /api/gallery-works?{the gallery's filters}: every work the filters find, in the gallery's order (up to
 * GALLERY_LIGHTBOX_MAX), so the lightbox opened on one page of the gallery steps through all of them. Kept by the
 * page cache under the filters' canonical form (server/page-cache/keys.ts), not by the catalogue's read cache:
 * a stranger's many searches cannot hold 200 cards each in memory.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { page: _page, ...filters } = parseGalleryParams(new URL(request.url).searchParams);
  const { artworks, total } = await searchArtworks(
    { ...filters, limit: GALLERY_LIGHTBOX_MAX, offset: 0 },
    { remember: false },
  );
  return data({ artworks: await withZoom(artworks), total }, { headers: { "cache-control": "public, max-age=60" } });
}
