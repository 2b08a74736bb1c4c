import { ArrowLeft, ArrowRight } from "~/components/site/icons";
import { data, Link } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/blog";
import { PostCard } from "~/components/site/blog/post-card";
import { pageTitle } from "~/lib/meta";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { BLOG_PAGE_SIZE, listPublicPosts } from "~/modules/blog/blog.server";
import { studioDay } from "~/lib/dates";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { deferHydrationHandle } from "~/lib/hydration-script";
import { PageHeading } from "~/components/site/page-intro";

export async function loader({ request }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get("page");
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  if (page < 1) throw data("Not found", { status: 404 });
  const [{ posts, total }, tz] = await Promise.all([listPublicPosts({ page }), studioTimeZone()]);
  const pages = Math.max(1, Math.ceil(total / BLOG_PAGE_SIZE));
  if (page > pages) throw data("Not found", { status: 404 });
  return {
    posts: posts.map((p) => ({ ...p, published: p.publishAt ? studioDay(p.publishAt, tz) : null })),
    page,
    pages,
  };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const page = loaderData?.page ?? 1;
  return [
    ...pageSeo(site, "default", paths.blog(page), {
      title: pageTitle(page > 1 ? `Journal, page ${page}` : "Journal", site?.siteTitle),
      description: `Studio notes, new work and exhibitions from ${site?.artistName ?? "the artist"}.`,
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Journal", href: paths.blogFeed() },
  ];
};

/** The journal: public posts, newest first, ten a page. */
export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, page, pages } = loaderData;
  const link = "hover:bg-paper-deep inline-flex h-10 items-center gap-2 rounded-full px-4 text-sm";
  return (
    <div className="container-page py-12 md:py-20">
      <PageHeading
        eyebrow="Journal"
        title="Notes from the studio"
        className="mb-12 max-w-2xl md:mb-16"
        lead={
          <>
            New work, works in progress, exhibitions and the occasional walk by the river.{" "}
            <a href={paths.blogFeed()} className="text-ink underline underline-offset-4">
              RSS feed
            </a>
          </>
        }
      />
      {posts.length === 0 ? (
        <p className="text-muted">Nothing here yet. New work and studio notes will appear soon.</p>
      ) : (
        <div className="space-y-12">
          {posts.map((post, i) => (
            <PostCard key={post.slug} post={post} priority={page === 1 && i === 0} />
          ))}
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-20 flex items-center justify-between">
          {page > 1 ? (
            <Link to={paths.blog(page - 1)} rel="prev" className={link}>
              <ArrowLeft aria-hidden="true" className="size-4" /> Newer posts
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted text-sm">
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <Link to={paths.blog(page + 1)} rel="next" className={link}>
              Older posts <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
