// Blog Posts (/admin/blog): every post with its state (draft, scheduled, published), newest change first,
// filtered by state; new, edit, view and delete.
import { ExternalLink, PenLine, Plus } from "lucide-react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { DeleteIntent } from "~/components/admin/list-intents";
import type { Route } from "./+types/blog";
import { reportAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/lib/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { ViewLink } from "~/components/admin/view-link";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { Pager } from "~/components/ui/pager";
import { DeleteIconButton } from "~/components/admin/delete-icon-button";
import { Thumb } from "~/components/admin/thumb";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  ADMIN_PAGE_SIZE,
  deletePost,
  effectiveStatus,
  listPostsForAdmin,
  POST_STATUSES,
} from "~/modules/blog/blog.server";
import { choiceParam, pageField } from "~/modules/forms/fields";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { NOT_UNDERSTOOD, readListQuery, readSubmission, refuse } from "~/modules/forms/submission.server";

const Query = z.object({ status: choiceParam(POST_STATUSES), page: pageField });

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = readListQuery(request, Query);
  const now = new Date();
  const [{ posts, total }, tz] = await Promise.all([
    listPostsForAdmin({ page: query.page, status: query.status }, now),
    studioTimeZone(),
  ]);
  return {
    status: query.status,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total,
    posts: posts.map((p) => {
      const state = effectiveStatus(p, now);
      return {
        id: p.id,
        title: p.title,
        slug: p.slug,
        state,
        when:
          state === "draft"
            ? `Changed ${formatShortDateTime(p.updatedAt, tz)}`
            : `${state === "scheduled" ? "Goes public" : "Published"} ${formatShortDateTime(p.publishAt!, tz)}`,
        cover: p.cover,
      };
    }),
  };
}

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, DeleteIntent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  if (!(await deletePost(submission.value.id))) return refuse("This post no longer exists.", 404);
  return { ok: true, message: "Post deleted." };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not delete the post");
}

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts");

const STATE_TONES: Record<"draft" | "scheduled" | "published", Tone> = {
  draft: "muted",
  scheduled: "warning",
  published: "success",
};
const STATE_LABELS = { draft: "Draft", scheduled: "Scheduled", published: "Published" } as const;

export default function BlogPosts({ loaderData }: Route.ComponentProps) {
  const { posts, status, page, total } = loaderData;
  const tabs = [undefined, "draft", "scheduled", "published"] as const;
  return (
    <>
      <AdminPageHeader
        title="Blog Posts"
        description={
          <>
            The journal at{" "}
            <Link to={paths.blog()} className="underline underline-offset-4">
              {paths.blog()}
            </Link>
            : posts in Markdown, published now or at a set time, listed in the sitemap and the RSS feed.
          </>
        }
        link={{ to: adminPaths.newPost(), label: "New post", icon: Plus }}
      />
      <nav aria-label="Posts by state" className="mb-4 flex flex-wrap gap-1 text-sm">
        {tabs.map((tab) => (
          <ViewLink key={tab ?? "all"} to={adminPaths.blog(tab)} current={tab === status} idle="ghost">
            {tab ? STATE_LABELS[tab] : "All"}
          </ViewLink>
        ))}
      </nav>
      {posts.length === 0 ? (
        <EmptyState>
          {status ? "No posts in this state." : "No posts yet."}{" "}
          <Link to={adminPaths.newPost()} className="underline underline-offset-4">
            Write the first one
          </Link>
        </EmptyState>
      ) : (
        <ul className={`${cardClass} divide-line divide-y`}>
          {posts.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageSize={loaderData.pageSize}
        total={total}
        href={(p) => adminPaths.blog(status, p)}
        items="posts"
      />
    </>
  );
}

function PostRow({
  post,
}: {
  post: {
    id: string;
    title: string;
    slug: string;
    state: "draft" | "scheduled" | "published";
    when: string;
    cover: Parameters<typeof Thumb>[0]["image"];
  };
}) {
  const fetcher = useFetcher<typeof action>();
  return (
    <li className={`flex flex-wrap items-center gap-3 px-4 py-3 ${fetcher.state !== "idle" ? "opacity-50" : ""}`}>
      <Thumb image={post.cover} size={48} />
      <div className="min-w-0 flex-1 basis-48">
        <Link to={adminPaths.editPost(post.id)} className="font-medium underline-offset-4 hover:underline">
          {post.title}
        </Link>
        <p className="text-muted mt-0.5 text-xs">
          <span className="mr-2">
            <StatusBadge tone={STATE_TONES[post.state]}>{STATE_LABELS[post.state]}</StatusBadge>
          </span>
          {post.when}
        </p>
      </div>
      <div className="ml-auto flex items-center gap-1">
        <Link
          to={adminPaths.editPost(post.id)}
          className={buttonClass("ghost", "sm")}
          aria-label={`Edit ${post.title}`}
        >
          <PenLine aria-hidden className="size-4" /> Edit
        </Link>
        {post.state === "published" ? (
          <Link
            to={paths.blogPost(post.slug)}
            className={buttonClass("ghost", "sm")}
            aria-label={`View “${post.title}” on the site`}
          >
            <ExternalLink aria-hidden className="size-4" /> View
          </Link>
        ) : null}
        <ConfirmDialog
          trigger={<DeleteIconButton label={`Delete “${post.title}”`} />}
          title={`Delete “${post.title}”?`}
          description="The post is removed for good, from the journal, the sitemap and the feed. To take it off the site for now, make it a draft instead."
          confirmLabel="Delete"
          onConfirm={() => void fetcher.submit({ intent: "delete", id: post.id }, { method: "post" })}
        />
      </div>
    </li>
  );
}

export const ErrorBoundary = AdminPageError;
