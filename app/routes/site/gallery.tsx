import { data, Link } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/gallery";
import { useAddToCart } from "~/components/site/add-to-cart-button";
import { GalleryFilters } from "~/components/site/gallery-filters";
import { GalleryGrid } from "~/components/site/gallery-grid";
import { GalleryPagination } from "~/components/site/gallery-pagination";
import {
  GALLERY_LIGHTBOX_MAX,
  GALLERY_PAGE_SIZE,
  galleryHref,
  galleryWorksHref,
  isFiltered,
  parseGalleryParams,
} from "~/lib/gallery-query";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { catalogFacets, searchArtworks } from "~/modules/catalog/catalog.server";
import { deferHydrationHandle } from "~/lib/hydration-script";
import { withZoom } from "~/modules/media/tiles.server";
import { pageOffset } from "~/lib/pagination";

export async function loader({ request }: Route.LoaderArgs) {
  const params = parseGalleryParams(new URL(request.url).searchParams);
  const page = params.page ?? 1;
  const [{ artworks, total }, facets] = await Promise.all([
    searchArtworks({ ...params, limit: GALLERY_PAGE_SIZE, offset: pageOffset(page, GALLERY_PAGE_SIZE) }),
    catalogFacets(),
  ]);
  const pages = Math.max(1, Math.ceil(total / GALLERY_PAGE_SIZE));
  if (page > pages) throw data("Not found", { status: 404 });
  // The lightbox offers deep zoom for the works whose tiles are stored (decision 0021).
  return { artworks: await withZoom(artworks), total, page, pages, params, facets };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches, location }) => {
  // Each page of the gallery is its own canonical URL; other query parameters are not.
  const page = Number.parseInt(new URLSearchParams(location.search).get("page") ?? "1", 10);
  return pageSeo(siteFromMatches(matches), "gallery", page > 1 ? `${paths.gallery()}?page=${page}` : paths.gallery());
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { artworks, total, page, pages, params, facets } = loaderData;
  const filtered = isFiltered(params);
  // The lightbox's Add to Cart (shown for available, priced works) buys the work it shows.
  const addToCart = useAddToCart();
  return (
    <div className="container-page py-12 md:py-20">
      <header className="mb-10 max-w-2xl md:mb-14">
        <p className="eyebrow">Gallery</p>
        <h1 className="mt-3 text-4xl md:text-5xl">All works</h1>
        <p className="text-muted mt-4" aria-live="polite">
          {filtered
            ? `${total} ${total === 1 ? "work matches" : "works match"} your selection.`
            : `${total} ${total === 1 ? "painting" : "paintings"}.`}
        </p>
      </header>
      <GalleryFilters
        key={galleryHref(params)}
        params={params}
        mediums={facets.mediums}
        years={facets.years}
        categories={facets.categories}
        series={facets.series}
      />
      <div className="mt-12" />
      {artworks.length === 0 ? (
        filtered ? (
          <p className="text-muted">
            No works match these filters.{" "}
            <Link to={galleryHref({})} className="text-ink underline underline-offset-4">
              See all works
            </Link>
          </p>
        ) : (
          <p className="text-muted">No artworks yet.</p>
        )
      ) : (
        <GalleryGrid
          artworks={artworks}
          allWorksHref={pages > 1 && total <= GALLERY_LIGHTBOX_MAX ? galleryWorksHref(params) : undefined}
          onAddToCart={addToCart}
        />
      )}
      <GalleryPagination page={page} pages={pages} params={params} />
    </div>
  );
}
