import { Suspense } from "react";
import { Await, Link } from "react-router";
import { paths } from "~/lib/paths";
import type { ArtworkCardData } from "../artwork-card";
import { FeaturedCarousel } from "./featured-carousel";

export interface FeaturedSectionData {
  content: { title: string; description: string; ctaText: string; ctaLink: string };
  /** A promise when the loader deferred them: the skeleton shows only until it settles. */
  artworks: ArtworkCardData[] | Promise<ArtworkCardData[]>;
}

/** Spec §2 Home: the featured works in a carousel, with the link to the whole gallery beneath. */
export function FeaturedSection({ content, artworks }: FeaturedSectionData) {
  return (
    <section className="container-page py-20 md:py-28">
      <header className="mb-10 max-w-2xl md:mb-14">
        <p className="eyebrow">Selected works</p>
        <h2 className="mt-3 text-3xl md:text-5xl">{content.title}</h2>
        {content.description ? <p className="text-muted mt-4 text-lg leading-relaxed">{content.description}</p> : null}
      </header>
      {Array.isArray(artworks) ? (
        // Already here: no boundary at all, or React may still stream a large carousel behind its fallback.
        <FeaturedWorks artworks={artworks} />
      ) : (
        <Suspense fallback={<FeaturedSkeleton />}>
          <Await resolve={artworks} errorElement={<NoFeaturedWorks />}>
            {(works) => <FeaturedWorks artworks={works} />}
          </Await>
        </Suspense>
      )}
      <div className="border-line mt-12 border-t pt-8 md:mt-16">
        <Link
          to={content.ctaLink || paths.gallery()}
          prefetch="intent"
          className="group inline-flex items-center gap-3 font-serif text-xl"
        >
          <span className="underline decoration-line decoration-1 underline-offset-8 transition-colors group-hover:decoration-ink">
            {content.ctaText || "View Complete Gallery"}
          </span>
          <span aria-hidden="true" className="transition-transform group-hover:translate-x-1">
            →
          </span>
        </Link>
      </div>
    </section>
  );
}

function FeaturedWorks({ artworks }: { artworks: ArtworkCardData[] }) {
  return artworks.length > 0 ? <FeaturedCarousel artworks={artworks} /> : <NoFeaturedWorks />;
}

function NoFeaturedWorks() {
  return (
    <div className="bg-paper-deep flex min-h-64 items-center justify-center px-6 py-16 text-center">
      <p className="text-muted font-serif text-xl">Featured artworks will appear here soon.</p>
    </div>
  );
}

/** The carousel's shape while the works load (slide and control row), so nothing moves when they arrive. */
function FeaturedSkeleton() {
  return (
    <div>
      <div className="grid grid-cols-1 gap-7 md:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] md:items-center md:gap-14">
        <div className="bg-paper-deep flex aspect-square animate-pulse items-center justify-center sm:aspect-[5/4] md:aspect-[6/5]">
          <p role="status" className="text-muted text-sm">
            Loading featured artworks...
          </p>
        </div>
        <div aria-hidden="true" className="md:py-6">
          <div className="bg-paper-deep h-6 w-28 rounded-full" />
          <div className="bg-paper-deep mt-5 h-10 w-4/5" />
          <div className="bg-paper-deep mt-3 h-5 w-1/2" />
          <div className="border-line mt-7 h-[4.6rem] border-y" />
          <div className="mt-8 flex gap-3">
            <div className="bg-paper-deep h-11 w-36 rounded-full" />
            <div className="bg-paper-deep h-11 w-28 rounded-full" />
          </div>
        </div>
      </div>
      <div aria-hidden="true" className="mt-8 h-11 md:mt-10" />
    </div>
  );
}
