import type { Route } from "./+types/og-image";
import { paths } from "~/lib/paths";
import { isPageKey } from "~/lib/seo";
import { artworkOgImage, blogPostOgImage, pageOgImage, type OgImage } from "~/modules/seo/og.server";

const IMMUTABLE = "public, max-age=31536000, immutable";
/** Page cards follow the settings and the homepage, so they are only kept for an hour. */
const SHORT = "public, max-age=3600";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });

function jpeg(request: Request, image: OgImage, cacheControl: string): Response {
  const etag = `"${image.etag}"`;
  const headers = { "content-type": "image/jpeg", "cache-control": cacheControl, etag };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(image.bytes), {
    headers: { ...headers, "content-length": String(image.bytes.length) },
  });
}

/**
 * /og/{page}.jpg, /og/artwork/{id}.jpg?v={version} and /og/blog/{slug}.jpg: 1200x630 sharing images (spec §2
 * Page metadata).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const name = /^(.+)\.jpg$/.exec(params.file)?.[1];
  if (!name) return notFound();
  if (params.kind === undefined) {
    if (!isPageKey(name)) return notFound();
    return jpeg(request, await pageOgImage(name), SHORT);
  }
  if (params.kind === "blog") {
    const card = await blogPostOgImage(name);
    return card ? jpeg(request, card, SHORT) : notFound();
  }
  if (params.kind !== "artwork") return notFound();
  const image = await artworkOgImage(name);
  if (!image) return notFound();
  // Only the current version's URL is answered, and cached forever. An old link, or one without a version, is
  // sent on to it: the page cache keeps no copy per version a stranger makes up (each would push a page out).
  if (new URL(request.url).searchParams.get("v") !== image.version)
    return new Response(null, {
      status: 302,
      headers: { location: paths.ogArtwork(name, image.version), "cache-control": SHORT },
    });
  return jpeg(request, image, IMMUTABLE);
}
