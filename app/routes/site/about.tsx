import { Link, useRouteLoaderData } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/about";
import { CurriculumVitae } from "~/components/site/about/curriculum-vitae";
import { Exhibitions } from "~/components/site/about/exhibitions";
import { ArtistPortrait } from "~/components/site/artist-portrait";
import { buttonClass } from "~/components/ui/button";
import { Highlights } from "~/components/site/highlights";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { paths } from "~/lib/paths";
import { pageSeo, personJsonLd, siteFromMatches } from "~/lib/seo";
import { loadAboutPage } from "~/modules/content/about-page.server";
import { aboutPageExhibitions } from "~/modules/exhibitions/exhibitions.server";
import type { loader as rootLoader } from "~/root";
import { deferHydrationHandle } from "~/lib/hydration-script";

export async function loader() {
  const [page, exhibitions] = await Promise.all([loadAboutPage(), aboutPageExhibitions()]);
  return { ...page, exhibitions };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "about", paths.about(), { type: "profile", jsonLd: site ? [personJsonLd(site)] : [] });
};

/** Spec §2 About: the artist's biography and portraits, statement, highlights and CV. */
export default function Page({ loaderData }: Route.ComponentProps) {
  const { content, portraits, biographyHtml, exhibitions } = loaderData;
  const artistName = useRouteLoaderData<typeof rootLoader>("root")?.site.artistName;
  const [portrait, ...studio] = portraits;

  return (
    <>
      <div className="container-page py-12 md:py-20">
        {/* On a phone the title comes first, then the portrait, then the text; on a wide screen the portrait sits beside both. */}
        <div className="grid gap-10 md:grid-cols-12 md:gap-x-16 md:gap-y-0">
          <header className="md:col-span-7 md:col-start-6 md:row-start-1 md:pt-6">
            <p className="eyebrow">About</p>
            <h1 className="mt-3 text-4xl md:text-6xl">{content.title}</h1>
          </header>
          <figure className="md:sticky md:top-28 md:col-span-5 md:col-start-1 md:row-span-2 md:row-start-1 md:self-start">
            <ArtistPortrait
              portrait={portrait ?? null}
              priority
              sizes="(min-width: 1280px) 480px, (min-width: 768px) 38vw, 90vw"
            />
            {portrait?.caption ? <figcaption className="text-muted mt-3 text-sm">{portrait.caption}</figcaption> : null}
          </figure>
          <div className="md:col-span-7 md:col-start-6 md:row-start-2">
            {/* Markdown rendered and sanitized on the server; the first paragraph is the lead. */}
            <div
              className="prose-text about-biography md:mt-10 md:text-lg"
              dangerouslySetInnerHTML={{ __html: biographyHtml }}
            />
            <section aria-labelledby="highlights-heading" className="mt-14">
              <h2 id="highlights-heading" className="eyebrow font-sans">
                Highlights
              </h2>
              <Highlights items={content.highlights} className="mt-5" />
            </section>
          </div>
        </div>
      </div>

      {content.statement ? (
        <section aria-labelledby="statement-heading" className="bg-paper-deep">
          <div className="container-page py-20 text-center md:py-28">
            <h2 id="statement-heading" className="eyebrow font-sans">
              Artist statement
            </h2>
            <figure className="mx-auto mt-8 max-w-3xl">
              <blockquote className="font-serif text-2xl leading-snug md:text-[2.1rem]">
                <p>“{content.statement}”</p>
              </blockquote>
              {artistName ? (
                <figcaption className="text-muted mt-8 text-sm tracking-wide">{artistName}</figcaption>
              ) : null}
            </figure>
          </div>
        </section>
      ) : null}

      {studio.length > 0 ? (
        <section aria-labelledby="studio-heading" className="container-page pt-20 md:pt-28">
          <h2 id="studio-heading" className="text-3xl md:text-4xl">
            In the studio
          </h2>
          <div className="mt-10 grid gap-10 sm:grid-cols-2 md:gap-8">
            {studio.map((photo, i) => (
              <figure key={i}>
                <ResponsiveImage
                  image={photo.image}
                  alt={photo.altText}
                  sizes="(min-width: 1280px) 600px, (min-width: 640px) 46vw, 90vw"
                  className="h-auto w-full"
                />
                {photo.caption ? <figcaption className="text-muted mt-3 text-sm">{photo.caption}</figcaption> : null}
              </figure>
            ))}
          </div>
        </section>
      ) : null}

      {exhibitions.upcoming.length + exhibitions.past.length > 0 ? (
        <section aria-labelledby="exhibitions-heading" className="container-page pt-20 md:pt-28">
          <h2 id="exhibitions-heading" className="mb-10 text-3xl md:text-4xl">
            Exhibitions
          </h2>
          <Exhibitions upcoming={exhibitions.upcoming} past={exhibitions.past} />
        </section>
      ) : null}

      {content.cv.length > 0 ? (
        <section aria-labelledby="cv-heading" className="container-page pt-20 md:pt-28">
          <h2 id="cv-heading" className="mb-10 text-3xl md:text-4xl">
            Curriculum vitae
          </h2>
          <CurriculumVitae sections={content.cv} />
        </section>
      ) : null}

      <section aria-labelledby="next-heading" className="container-page pt-20 md:pt-28">
        <div className="flex flex-col items-start gap-6 md:flex-row md:items-end md:justify-between">
          <h2 id="next-heading" className="max-w-xl text-3xl md:text-4xl">
            Looking for a particular painting, or one made for you?
          </h2>
          <div className="flex flex-wrap gap-3">
            <Link to={paths.commissions()} prefetch="intent" className={buttonClass("primary")}>
              Commission a Work
            </Link>
            <Link to={paths.contact()} prefetch="intent" className={buttonClass("secondary")}>
              Get in Touch
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
