import { Link } from "react-router";
import type { StudioDay } from "~/lib/dates";
import type { ImageAsset } from "~/lib/media";
import { paths } from "~/lib/paths";
import { ResponsiveImage } from "../responsive-image";

export interface PostCardData {
  slug: string;
  title: string;
  excerpt: string;
  /** The day it went public, in the studio's time zone. */
  published: StudioDay | null;
  cover: ImageAsset | null;
}

/** One post in the journal's list: cover, date, title and excerpt, all leading to the post. */
export function PostCard({ post, priority = false }: { post: PostCardData; priority?: boolean }) {
  const href = paths.blogPost(post.slug);
  return (
    <article className="border-line grid gap-6 border-t pt-10 md:grid-cols-12 md:gap-10">
      {post.cover ? (
        <Link to={href} prefetch="intent" tabIndex={-1} aria-hidden="true" className="block md:col-span-5">
          <ResponsiveImage
            image={post.cover}
            alt=""
            priority={priority}
            sizes="(min-width: 1280px) 480px, (min-width: 768px) 38vw, 90vw"
            className="aspect-[3/2] h-auto w-full"
          />
        </Link>
      ) : null}
      <div className={post.cover ? "md:col-span-7" : "md:col-span-8"}>
        {post.published ? (
          <time dateTime={post.published.day} className="eyebrow">
            {post.published.label}
          </time>
        ) : null}
        <h2 className="mt-3 text-2xl md:text-3xl">
          <Link to={href} prefetch="intent" className="hover:underline hover:underline-offset-4">
            {post.title}
          </Link>
        </h2>
        {post.excerpt ? <p className="text-ink-soft mt-4 max-w-prose leading-relaxed">{post.excerpt}</p> : null}
        <Link
          to={href}
          prefetch="intent"
          className="text-ink mt-5 inline-block text-sm underline underline-offset-4"
          aria-label={`Read “${post.title}”`}
        >
          Read more
        </Link>
      </div>
    </article>
  );
}
