import { buildSitemap } from "~/modules/seo/sitemap.server";

// Outside the layout (spec §2): every public page and artwork, for search engines.
export async function loader() {
  return new Response(await buildSitemap(), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
