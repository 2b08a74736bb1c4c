import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/artwork";
import { AvailabilityBadge } from "~/components/site/artwork-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { artworkSeo, ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { getArtwork } from "~/modules/catalog/catalog.server";

export async function loader({ params }: Route.LoaderArgs) {
  const artwork = await getArtwork(params.id);
  if (!artwork) throw data("Artwork not found", { status: 404 });
  // A readable slug link resolves to the canonical id URL.
  if (artwork.id !== params.id) throw redirect(paths.artwork(artwork.id), 301);
  return { artwork };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ name: "robots", content: ROBOTS_NOINDEX }];
  return artworkSeo(siteFromMatches(matches), loaderData.artwork);
};

export default function ArtworkPage({ loaderData }: Route.ComponentProps) {
  const { artwork } = loaderData;
  const sold = artwork.availability === "sold";
  return (
    <div className="container-page grid gap-10 py-10 md:grid-cols-12 md:gap-16 md:py-16">
      <div className="bg-paper-deep flex items-center justify-center p-6 md:col-span-7 md:p-12">
        {artwork.image ? (
          <ResponsiveImage
            image={artwork.image}
            alt={`${artwork.title}, ${artwork.medium}`}
            sizes="(min-width: 1280px) 700px, (min-width: 768px) 55vw, 100vw"
            priority
            fit="contain"
            className="h-auto max-h-[78dvh] w-auto max-w-full shadow-[0_18px_40px_-18px_rgba(29,27,24,0.5)]"
          />
        ) : null}
      </div>
      <div className="md:col-span-5 md:pt-6">
        <AvailabilityBadge availability={artwork.availability} />
        <h1 className="mt-3 text-4xl leading-tight md:text-5xl">{artwork.title}</h1>
        <dl className="text-ink-soft mt-6 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-muted">Medium</dt>
          <dd>{artwork.medium}</dd>
          <dt className="text-muted">Year</dt>
          <dd>{artwork.year ?? "—"}</dd>
          <dt className="text-muted">Size</dt>
          <dd>{artwork.size}</dd>
        </dl>
        <p className="mt-8 text-2xl">{sold ? "Sold" : formatPrice(artwork.priceCents, artwork.currency)}</p>
        <p className="text-ink-soft mt-8 leading-relaxed">{artwork.description}</p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link
            to={paths.inquireAbout(artwork)}
            aria-disabled={sold || undefined}
            className="border-ink rounded-full border px-6 py-3 text-sm hover:bg-ink hover:text-paper"
          >
            Inquire
          </Link>
        </div>
      </div>
    </div>
  );
}
