import type { ArtworkCardData } from "../artwork-card";
import { ArtistStatement, type StatementData } from "./artist-statement";
import { FeaturedSection, type FeaturedSectionData } from "./featured-section";
import { Hero, type HeroData } from "./hero";
import { ProcessSection, type ProcessData } from "./process-section";

export type HomeSectionData =
  | ({ type: "hero" } & HeroData)
  | { type: "featured_artworks"; content: FeaturedSectionData["content"] }
  | { type: "process"; content: ProcessData }
  | ({ type: "artist_statement" } & StatementData);

/** The home page's sections in their order (the public page, and the admin's preview of it). */
export function HomeSections({
  sections,
  featuredArtworks,
  siteTitle,
}: {
  sections: readonly HomeSectionData[];
  featuredArtworks: ArtworkCardData[] | Promise<ArtworkCardData[]> | null;
  siteTitle: string;
}) {
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
