import { Link } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/shop";
import { AddToCartButton } from "~/components/site/add-to-cart-button";
import { ArtworkCard } from "~/components/site/artwork-card";
import { ArtworkGrid } from "~/components/site/artwork-grid";
import { WorkAlertForm } from "~/components/site/work-alert-form";
import { galleryHref } from "~/lib/gallery-query";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { listAvailableArtworks } from "~/modules/catalog/catalog.server";
import { deferHydrationHandle } from "~/lib/hydration-script";
import { PageHeading } from "~/components/site/page-intro";

const SHOP_LIMIT = 120;

/** Spec §7 available artworks: availability available, newest first. Sold (and reserved) works never appear. */
export async function loader() {
  const artworks = await listAvailableArtworks({ limit: SHOP_LIMIT + 1 });
  return { artworks: artworks.slice(0, SHOP_LIMIT), more: artworks.length > SHOP_LIMIT };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(siteFromMatches(matches), "shop", paths.shop());

export default function Shop({ loaderData }: Route.ComponentProps) {
  const { artworks, more } = loaderData;
  return (
    <div className="container-page py-12 md:py-20">
      <PageHeading
        eyebrow="Shop"
        title="Original paintings"
        className="mb-12 max-w-2xl md:mb-16"
        lead="Original works available to buy, each one of a kind and shipped from the studio."
      />
      {artworks.length === 0 ? (
        <p className="text-muted">
          Every painting has found a home for now.{" "}
          <Link to={paths.commissions()} className="text-ink underline underline-offset-4">
            Commission a new work
          </Link>{" "}
          or{" "}
          <Link to={paths.gallery()} className="text-ink underline underline-offset-4">
            see the gallery
          </Link>
          .
        </p>
      ) : (
        <ArtworkGrid works={artworks}>
          {(artwork, i) => (
            <>
              <ArtworkCard artwork={artwork} priority={i === 0} />
              <div className="mt-4">
                <AddToCartButton artwork={artwork} className="w-full sm:w-auto" />
                <noscript>
                  <Link to={paths.buyNow(artwork.id)} className="text-sm underline underline-offset-4">
                    Buy now
                  </Link>
                </noscript>
              </div>
            </>
          )}
        </ArtworkGrid>
      )}
      <WorkAlertForm
        title="Tell me about new works"
        lead="One e-mail when a new painting is published, nothing else. You confirm your address first; unsubscribe at any time."
        className="border-line mx-auto mt-20 max-w-xl border-t pt-10"
      />
      {more ? (
        <p className="text-muted mt-16 text-center">
          <Link to={galleryHref({ availability: "available" })} className="text-ink underline underline-offset-4">
            See every available work in the gallery
          </Link>
        </p>
      ) : null}
    </div>
  );
}
