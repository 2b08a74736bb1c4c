import { latestPublicPosts } from "~/modules/blog/blog.server";
import { renderFeed } from "~/modules/blog/feed.server";
import { getSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

// /blog/rss.xml, outside the layout: the journal's RSS 2.0 feed.
export async function loader() {
  const [posts, settings] = await Promise.all([latestPublicPosts(20), getSettings()]);
  const xml = renderFeed(
    { siteTitle: settings.siteTitle, artistName: settings.artistName, publicUrl: services().config.publicUrl },
    posts,
  );
  return new Response(xml, {
    headers: { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "public, max-age=600" },
  });
}
