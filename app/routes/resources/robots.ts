import { robotsTxt } from "~/modules/seo/sitemap.server";
import { services } from "~/services.server";

export function loader() {
  return new Response(robotsTxt(services().config.publicUrl), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
