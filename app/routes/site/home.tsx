import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { Route } from "./+types/home";
import { ArtistStatement } from "~/components/site/home/artist-statement";
import { FeaturedSection } from "~/components/site/home/featured-section";
import { Hero } from "~/components/site/home/hero";
import { ProcessSection } from "~/components/site/home/process-section";
import { notify } from "~/components/site/toast-host";
import { paths } from "~/lib/paths";
import { pageSeo, personJsonLd, siteFromMatches, websiteJsonLd } from "~/lib/seo";
import { loadHomepage } from "~/modules/content/homepage.server";
import type { loader as rootLoader } from "~/root";

/** Never throws: a failure to read the sections is logged and comes back as `sectionsFailed`. */
export async function loader() {
  return loadHomepage();
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "home", paths.home(), { jsonLd: site ? [websiteJsonLd(site), personJsonLd(site)] : [] });
};

/** Spec §2 Home: the stored sections in their order; only published, active ones reach this far. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, featuredArtworks, sectionsFailed } = loaderData;
  const siteTitle = useRouteLoaderData<typeof rootLoader>("root")?.site.siteTitle ?? "Atelier";

  useEffect(() => {
    // Spec §8; the id keeps it to one toast even if the effect runs twice.
    if (sectionsFailed)
      notify((t) => t.error("Error", { id: "homepage-load-error", description: "Failed to load homepage content" }));
  }, [sectionsFailed]);

  return (
    <>
      {/* Without a hero the page still needs its one top-level heading. */}
      {sections.some((s) => s.type === "hero") ? null : <h1 className="sr-only">{siteTitle}</h1>}
      {sections.map((section) => {
        switch (section.type) {
          case "hero":
            return <Hero key="hero" content={section.content} image={section.image} imageUrl={section.imageUrl} />;
          case "featured_artworks":
            return featuredArtworks ? (
              <FeaturedSection key="featured" content={section.content} artworks={featuredArtworks} />
            ) : null;
          case "process":
            return <ProcessSection key="process" {...section.content} />;
          case "artist_statement":
            return <ArtistStatement key="statement" content={section.content} portrait={section.portrait} />;
        }
      })}
    </>
  );
}
