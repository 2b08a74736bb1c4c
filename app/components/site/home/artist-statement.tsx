import { Link } from "react-router";
import { paths } from "~/lib/paths";
import { ArtistPortrait, type PortraitData } from "../artist-portrait";
import { buttonClass } from "~/components/ui/button";
import { Highlights, type HighlightData } from "../highlights";

export interface StatementData {
  content: {
    title: string;
    subtitle: string;
    description: string;
    statement: string;
    highlights: HighlightData[];
    cta1Text: string;
    cta1Link: string;
    cta2Text: string;
    cta2Link: string;
  };
  portrait: PortraitData | null;
}

/** Spec §2 Home: the artist statement with a portrait, highlights and two calls to action. */
export function ArtistStatement({ content, portrait }: StatementData) {
  return (
    <section className="container-page py-20 md:py-28">
      <div className="grid items-center gap-12 md:grid-cols-12 md:gap-16">
        <figure className="md:col-span-5">
          <ArtistPortrait portrait={portrait} sizes="(min-width: 1280px) 480px, (min-width: 768px) 38vw, 90vw" />
          {portrait?.caption ? <figcaption className="text-muted mt-3 text-sm">{portrait.caption}</figcaption> : null}
        </figure>
        <div className="md:col-span-7">
          {content.subtitle ? <p className="eyebrow">{content.subtitle}</p> : null}
          <h2 className="mt-3 text-3xl md:text-5xl">{content.title || "About the Artist"}</h2>
          {content.description ? (
            <p className="text-ink-soft mt-6 text-lg leading-relaxed">{content.description}</p>
          ) : null}
          {content.statement ? (
            <blockquote className="border-accent mt-8 border-l-2 pl-6 font-serif text-xl leading-relaxed italic md:text-2xl">
              <p>{content.statement}</p>
            </blockquote>
          ) : null}
          <Highlights items={content.highlights} className="mt-10 md:grid-cols-4" />
          <div className="mt-10 flex flex-wrap gap-3">
            <Link to={content.cta1Link || paths.about()} prefetch="intent" className={buttonClass("primary")}>
              {content.cta1Text || "About the Artist"}
            </Link>
            <Link to={content.cta2Link || paths.commissions()} prefetch="intent" className={buttonClass("secondary")}>
              {content.cta2Text || "Commission a Work"}
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
