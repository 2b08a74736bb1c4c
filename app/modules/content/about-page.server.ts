// The about page (spec §2 About): the stored biography, statement, highlights and CV, with the artist
// photos featured on it, kept in memory until they change. Exposes loadAboutPage().
import { services } from "~/services.server";
import { getPageContent, listArtistPhotos } from "./content.server";
import { keptContentRead } from "./content-cache.server";
import { renderMarkdown } from "./markdown.server";
import { toPortrait, type Portrait } from "./homepage.server";
import { resolveHighlights, type AboutContent } from "./sections";

export interface AboutPage {
  content: AboutContent;
  /** The biography (Markdown) rendered and sanitized on the server. */
  biographyHtml: string;
  /** In display order; empty (the default portrait shows) when there are none or they failed to load. */
  portraits: Portrait[];
  /** Spec §8: the photo fetch failed (logged with its message on the server, which the browser never sees). */
  photosFailed: boolean;
}

/**
 * Kept in memory until the about page or the artist photos change (content-cache.server.ts), the biography's
 * Markdown rendered once; a read whose photos failed is shown but not kept.
 */
export function loadAboutPage(): Promise<AboutPage> {
  return keptContentRead("about", ["about", "photos"], readAboutPage, (page) => !page.photosFailed);
}

async function readAboutPage(): Promise<AboutPage> {
  const photos = listArtistPhotos({ about: true }).then(
    (rows) => ({ portraits: rows.map(toPortrait), photosFailed: false }),
    (err: unknown) => {
      services().logger.error({ err }, "failed to load artist photos for the about page; showing the default portrait");
      return { portraits: [], photosFailed: true };
    },
  );
  const content = await getPageContent("about");
  return {
    content: { ...content, highlights: resolveHighlights(content.highlights) },
    // The page's title is its h1 and its sections are h2: the biography's own headings start at h3.
    biographyHtml: renderMarkdown(content.biography, { headingOffset: 2 }),
    ...(await photos),
  };
}
