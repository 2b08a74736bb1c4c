import { ArrowLeft } from "~/components/site/icons";
import { data, Link } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/blog-post";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { studioDay } from "~/lib/dates";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { paths } from "~/lib/paths";
import { blogPostingJsonLd, seoMeta, siteFromMatches, summarize } from "~/lib/seo";
import { getPublicPost } from "~/modules/blog/blog.server";
import { deferHydrationHandle } from "~/lib/hydration-script";

export async function loader({ params }: Route.LoaderArgs) {
  const [post, tz] = await Promise.all([getPublicPost(params.slug), studioTimeZone()]);
  if (!post) throw data("Not found", { status: 404 });
  return { post: { ...post, published: post.publishAt ? studioDay(post.publishAt, tz) : null } };
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const site = siteFromMatches(matches);
  const post = loaderData?.post;
  if (!post) return [{ title: "Page not found" }];
  const artistName = site?.artistName ?? "the artist";
  return [
    ...seoMeta({
      site,
      title: `${post.title} | Journal of ${artistName}`,
      description: summarize(post.description || `A post from the studio of ${artistName}.`),
      path: paths.blogPost(post.slug),
      type: "article",
      image: { path: paths.ogBlogPost(post.slug), alt: post.title },
      jsonLd: site ? [blogPostingJsonLd(site, post)] : [],
      extra: post.publishAt
        ? [
            { property: "article:published_time", content: new Date(post.publishAt).toISOString() },
            { property: "article:modified_time", content: new Date(post.updatedAt).toISOString() },
          ]
        : [],
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: "Journal", href: paths.blogFeed() },
  ];
};

/** One journal post: the sanitized HTML the server rendered from its Markdown. */
export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container-page py-12 md:py-20">
      <Link to={paths.blog()} className="text-muted hover:text-ink inline-flex items-center gap-2 text-sm">
        <ArrowLeft aria-hidden="true" className="size-4" /> Journal
      </Link>
      <header className="mt-8 max-w-3xl">
        {post.published ? (
          <time dateTime={post.published.day} className="eyebrow">
            {post.published.label}
          </time>
        ) : null}
        <h1 className="mt-3 text-4xl md:text-6xl">{post.title}</h1>
        {post.excerpt ? <p className="text-ink-soft mt-6 font-serif text-xl leading-relaxed">{post.excerpt}</p> : null}
      </header>
      {post.cover ? (
        <figure className="mt-10 md:mt-14">
          <ResponsiveImage
            image={post.cover}
            alt=""
            priority
            sizes="(min-width: 1280px) 1200px, 100vw"
            className="h-auto max-h-[75vh] w-full"
          />
        </figure>
      ) : null}
      {/* Rendered from Markdown and sanitized on the server (modules/content/markdown.server.ts). */}
      <div className="prose-text mt-10 md:mt-14 md:text-lg" dangerouslySetInnerHTML={{ __html: post.html }} />
      <footer className="border-line mt-16 max-w-2xl border-t pt-8">
        <Link to={paths.blog()} className="text-ink text-sm underline underline-offset-4">
          More from the journal
        </Link>
      </footer>
    </article>
  );
}
