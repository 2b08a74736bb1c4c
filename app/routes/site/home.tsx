import { Link } from "react-router";
import type { Route } from "./+types/home";
import { ArtworkCard } from "~/components/site/artwork-card";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { paths } from "~/lib/paths";
import { pageSeo, personJsonLd, siteFromMatches, websiteJsonLd } from "~/lib/seo";
import { listFeaturedArtworks } from "~/modules/catalog/catalog.server";
import { findImageByHash, listVisibleSections } from "~/modules/content/content.server";
import { FeaturedContent, HeroContent } from "~/modules/content/sections";

export async function loader() {
  const [sections, featured] = await Promise.all([listVisibleSections(), listFeaturedArtworks()]);
  const heroRow = sections.find((s) => s.sectionType === "hero");
  const hero = heroRow ? HeroContent.parse(heroRow.content) : undefined;
  const featuredRow = sections.find((s) => s.sectionType === "featured_artworks");
  return {
    hero: hero ? { ...hero, image: hero.backgroundImage ? await findImageByHash(hero.backgroundImage) : undefined } : undefined,
    featured: featuredRow ? { content: FeaturedContent.parse(featuredRow.content), artworks: featured } : undefined,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "home", paths.home(), { jsonLd: site ? [websiteJsonLd(site), personJsonLd(site)] : [] });
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { hero, featured } = loaderData;
  return (
    <>
      {hero ? (
        <section className="relative isolate flex min-h-[78dvh] items-end overflow-hidden">
          {hero.image ? (
            <div className="absolute inset-0 -z-10 [&_img]:h-full [&_img]:w-full">
              <ResponsiveImage image={hero.image} alt="" sizes="100vw" priority className="h-full w-full" />
              <div className="absolute inset-0 bg-gradient-to-t from-black/65 via-black/25 to-black/5" />
            </div>
          ) : null}
          <div className="container-page pb-16 text-white md:pb-24">
            <h1 className="max-w-3xl text-4xl leading-[1.05] md:text-7xl">{hero.title}</h1>
            {hero.subtitle ? <p className="mt-5 max-w-xl text-base text-white/85 md:text-lg">{hero.subtitle}</p> : null}
            <div className="mt-9 flex flex-wrap gap-3">
              <Link to={paths.gallery()} className="text-ink rounded-full bg-white px-6 py-3 text-sm hover:bg-white/90">
                {hero.ctaText || "View Gallery"}
              </Link>
              <Link to={paths.shop()} className="rounded-full border border-white/70 px-6 py-3 text-sm hover:bg-white/10">
                Shop Originals
              </Link>
              <Link to={paths.commissions()} className="rounded-full border border-white/70 px-6 py-3 text-sm hover:bg-white/10">
                Commission a Piece
              </Link>
            </div>
          </div>
        </section>
      ) : null}
      {featured ? (
        <section className="container-page py-20 md:py-28">
          <div className="mb-12 max-w-2xl">
            <p className="eyebrow">Selected</p>
            <h2 className="mt-3 text-3xl md:text-4xl">{featured.content.title}</h2>
            {featured.content.description ? <p className="text-muted mt-4">{featured.content.description}</p> : null}
          </div>
          {featured.artworks.length === 0 ? (
            <p className="text-muted">Featured artworks will appear here soon.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-x-8 gap-y-14 min-[480px]:grid-cols-2 md:grid-cols-3">
              {featured.artworks.map((artwork) => (
                <li key={artwork.id}>
                  <ArtworkCard artwork={artwork} />
                </li>
              ))}
            </ul>
          )}
          <div className="mt-14">
            <Link to={featured.content.ctaLink || paths.gallery()} className="text-sm underline underline-offset-8">
              {featured.content.ctaText || "View Complete Gallery"}
            </Link>
          </div>
        </section>
      ) : null}
    </>
  );
}
