import { data, Link, redirect } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/artwork";
import { AddToCartButton } from "~/components/site/add-to-cart-button";
import { buttonClass } from "~/components/ui/button";
import { ArtworkCard, AvailabilityBadge } from "~/components/site/artwork-card";
import { ArtworkGrid } from "~/components/site/artwork-grid";
import { ArtworkViewer } from "~/components/site/artwork-viewer";
import { WallViewButton } from "~/components/site/wall-view-button";
import { DeepZoomButton } from "~/components/site/deep-zoom-button";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { artworkSeo, ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { getArtwork, listMoreWorks } from "~/modules/catalog/catalog.server";
import { getSettings } from "~/modules/settings/settings.server";
import { HoldRequestForm } from "~/components/site/hold-request-form";
import { WorkAlertForm } from "~/components/site/work-alert-form";
import { services } from "~/services.server";
import { deferHydrationHandle } from "~/lib/hydration-script";
import { withZoom } from "~/modules/media/tiles.server";
import { publicProvenanceLines } from "~/modules/provenance/provenance.server";
import { ProvenanceList } from "~/components/site/provenance-list";
import { isPurchasable } from "~/lib/availability";

export async function loader({ params }: Route.LoaderArgs) {
  const artwork = await getArtwork(params.id);
  if (!artwork) throw data("Artwork not found", { status: 404 });
  // A readable slug link resolves to the canonical id URL.
  if (artwork.id !== params.id) throw redirect(paths.artwork(artwork.id), 301);
  // Below the fold: a failure leaves the section empty. Awaited with the rest, not streamed: the query is
  // started first and runs beside the others, and a streamed section cost the browser a second render
  // after hydration (one 44 ms task in a traced load of this page, docs/benchmarks.md).
  const moreWorks = listMoreWorks(artwork.id, 6).catch((error: unknown) => {
    services().logger.error({ err: error, artwork: artwork.id }, "more works failed to load");
    return [];
  });
  // "Examine the surface" once the work's deep zoom tiles are stored (decision 0021).
  // Its history, when the artist shows it (decision 0024); kept like the catalogue's reads.
  const [[shown], { shop }, provenance, more] = await Promise.all([
    withZoom([artwork]),
    getSettings(),
    publicProvenanceLines(artwork),
    moreWorks,
  ]);
  // The hold length is a setting: a settings change clears every cached page, this one included.
  return { artwork: shown ?? artwork, moreWorks: more, holdHours: shop.holdHours, provenance };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ name: "robots", content: ROBOTS_NOINDEX }];
  return artworkSeo(siteFromMatches(matches), loaderData.artwork);
};

export default function ArtworkPage({ loaderData }: Route.ComponentProps) {
  const { artwork, moreWorks, holdHours, provenance } = loaderData;
  const sold = artwork.availability === "sold";
  const onHold = artwork.availability === "on_hold";
  // Someone may want it later: a sold, reserved or held work offers "Tell me if this becomes available".
  const waitable = sold || onHold || artwork.availability === "reserved";
  const facts = [
    ["Medium", artwork.medium],
    ["Size", artwork.size],
    ["Year", artwork.year ? String(artwork.year) : ""],
  ].filter(([, value]) => value);
  return (
    <>
      <div className="container-page pt-6 md:pt-10">
        <nav aria-label="Breadcrumb" className="text-muted text-sm">
          <Link to={paths.gallery()} className="hover:text-ink">
            Gallery
          </Link>
          <span aria-hidden="true" className="mx-2">
            /
          </span>
          <span aria-current="page" className="text-ink-soft">
            {artwork.title}
          </span>
        </nav>
      </div>
      <article className="container-page grid gap-10 py-8 md:grid-cols-12 md:gap-16 md:py-12">
        <div className="bg-paper-deep flex items-center justify-center p-6 md:col-span-7 md:p-14">
          {artwork.image ? <ArtworkViewer artwork={{ ...artwork, image: artwork.image }} /> : null}
        </div>
        <div className="md:col-span-5 md:pt-4">
          <AvailabilityBadge availability={artwork.availability} />
          <h1 className="mt-3 text-4xl leading-tight md:text-5xl">{artwork.title}</h1>
          <dl className="text-ink-soft mt-6 grid grid-cols-[auto_1fr] gap-x-8 gap-y-2 text-sm">
            {facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-5 flex flex-wrap gap-x-6 gap-y-3">
            <WallViewButton title={artwork.title} size={artwork.size} image={artwork.image} />
            <DeepZoomButton title={artwork.title} image={artwork.image} />
          </div>
          <p className="mt-8 font-serif text-3xl">
            {sold ? "Sold" : formatPrice(artwork.priceCents, artwork.currency)}
          </p>
          <div className="mt-6 flex flex-wrap gap-3">
            <AddToCartButton artwork={artwork} />
            {isPurchasable(artwork) ? (
              // The cart needs JavaScript; without it a work can still be bought on its own.
              <noscript>
                <Link to={paths.buyNow(artwork.id)} className={buttonClass("primary")}>
                  Buy now · {formatPrice(artwork.priceCents, artwork.currency)}
                </Link>
              </noscript>
            ) : null}
            {sold ? (
              <button
                type="button"
                disabled
                className="border-line text-muted cursor-not-allowed rounded-full border px-6 py-3 text-sm"
              >
                SOLD OUT
              </button>
            ) : (
              <Link
                to={paths.inquireAbout(artwork)}
                className="border-ink hover:bg-ink hover:text-paper rounded-full border px-6 py-3 text-sm transition-colors"
              >
                Inquire
              </Link>
            )}
          </div>
          {isPurchasable(artwork) ? <HoldRequestForm artworkId={artwork.id} holdHours={holdHours} /> : null}
          {onHold ? (
            <p className="text-ink-soft mt-6 text-sm leading-relaxed">
              This work is on hold for a buyer. If the hold ends without a sale, it will be offered again.
            </p>
          ) : null}
          {waitable ? (
            <WorkAlertForm
              artworkId={artwork.id}
              title="Tell me if this becomes available"
              lead="One e-mail if the work is offered again. You confirm your address first; unsubscribe at any time."
              className="border-line mt-8 border-t pt-6"
            />
          ) : null}
          {artwork.description ? (
            <div className="text-ink-soft mt-10 max-w-prose space-y-4 leading-relaxed">
              {artwork.description.split(/\n{2,}/).map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </div>
          ) : null}
          <p className="text-muted mt-10 text-sm leading-relaxed">
            Original work, signed by the artist. Shipped insured from the studio, or collected in person.
          </p>
          {provenance ? <ProvenanceList lines={provenance} className="border-line mt-10 border-t pt-8" /> : null}
        </div>
      </article>
      <section aria-labelledby="more-works" className="container-page mt-12 md:mt-20">
        <h2 id="more-works" className="mb-10 text-2xl md:text-3xl">
          More works
        </h2>
        <ArtworkGrid works={moreWorks}>{(work) => <ArtworkCard artwork={work} />}</ArtworkGrid>
      </section>
    </>
  );
}
