import { data, Link } from "react-router";
import type { Route } from "./+types/gallery";
import { GalleryGrid } from "~/components/site/gallery-grid";
import { pageTitle } from "~/lib/meta";
import { countArtworks, listArtworks } from "~/modules/catalog/catalog.server";

const PAGE_SIZE = 36;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1));
  const [artworks, total] = await Promise.all([
    listArtworks({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }),
    countArtworks(),
  ]);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (page > pages) throw data("Not found", { status: 404 });
  return { artworks, total, page, pages };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Gallery", site?.siteTitle) }];
};

export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { artworks, total, page, pages } = loaderData;
  return (
    <div className="container-page py-12 md:py-20">
      <header className="mb-10 max-w-2xl md:mb-14">
        <p className="eyebrow">Gallery</p>
        <h1 className="mt-3 text-4xl md:text-5xl">All works</h1>
        <p className="text-muted mt-4">
          {total} {total === 1 ? "painting" : "paintings"}.
        </p>
      </header>
      {artworks.length === 0 ? (
        <p className="text-muted">No artworks yet.</p>
      ) : (
        <GalleryGrid artworks={artworks} />
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-16 flex items-center justify-center gap-6 text-sm">
          {page > 1 ? (
            <Link to={`?page=${page - 1}`} rel="prev" className="underline underline-offset-4">
              Previous
            </Link>
          ) : null}
          <span className="text-muted">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={`?page=${page + 1}`} rel="next" className="underline underline-offset-4">
              Next
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
