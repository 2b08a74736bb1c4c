// Blog Posts (/admin/blog): every post with its state (draft, scheduled, published), newest change first,
// filtered by state; new, edit, view and delete.
import { ExternalLink, PenLine, Plus, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/blog";
import { reportAction, type ActionResult } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { Pager } from "~/components/admin/pager";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/admin-format";
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
import { readFormData } from "~/modules/security/form-data.server";

const Query = z.object({
  status: z.enum(POST_STATUSES).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const query = Query.parse(Object.fromEntries(new URL(request.url).searchParams));
  const now = new Date();
  const { posts, total } = await listPostsForAdmin({ page: query.page, status: query.status }, now);
  return {
    status: query.status,
    page: query.page,
    pageSize: ADMIN_PAGE_SIZE,
    total,
    posts: posts.map((p) => ({
      id: p.id,
      title: p.title,
      slug: p.slug,
      state: effectiveStatus(p, now),
      publishAt: p.publishAt,
      updatedAt: p.updatedAt,
      cover: p.cover,
    })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = z
    .object({ intent: z.literal("delete"), id: z.uuid() })
    .safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: "That request was not understood." }, 400);
  if (!(await deletePost(parsed.data.id)))
    return data<ActionResult>({ ok: false, error: "This post no longer exists." });
  return data<ActionResult>({ ok: true, message: "Post deleted." });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not delete the post");
}

export const meta: Route.MetaFunction = () => adminMeta("Blog Posts");

const STATE_STYLES = {
  draft: "bg-paper-deep text-ink-soft",
  scheduled: "bg-amber-100 text-amber-900",
  published: "bg-emerald-100 text-emerald-900",
} as const;
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
        actions={
          <Link to={adminPaths.newPost()} className={adminButton.primary}>
            <Plus aria-hidden className="size-4" /> New post
          </Link>
        }
      />
      <nav aria-label="Posts by state" className="mb-4 flex flex-wrap gap-1 text-sm">
        {tabs.map((tab) => (
          <Link
            key={tab ?? "all"}
            to={adminPaths.blog(tab)}
            aria-current={tab === status ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 ${tab === status ? "bg-ink text-paper" : "hover:bg-ink/[0.06]"}`}
          >
            {tab ? STATE_LABELS[tab] : "All"}
          </Link>
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
        <ul className={`${adminCard} divide-line divide-y`}>
          {posts.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </ul>
      )}
      <Pager page={page} pageSize={loaderData.pageSize} total={total} href={(p) => adminPaths.blog(status, p)} />
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
    publishAt: Date | null;
    updatedAt: Date;
    cover: Parameters<typeof Thumb>[0]["image"];
  };
}) {
  const fetcher = useFetcher();
  const when =
    post.state === "draft"
      ? `Changed ${formatDateTime(post.updatedAt)}`
      : `${post.state === "scheduled" ? "Goes public" : "Published"} ${formatDateTime(post.publishAt!)}`;
  return (
    <li className={`flex flex-wrap items-center gap-3 px-4 py-3 ${fetcher.state !== "idle" ? "opacity-50" : ""}`}>
      <Thumb image={post.cover} size={48} />
      <div className="min-w-0 flex-1">
        <Link to={adminPaths.editPost(post.id)} className="font-medium underline-offset-4 hover:underline">
          {post.title}
        </Link>
        <p className="text-muted mt-0.5 text-xs">
          <span className={`mr-2 rounded px-1.5 py-0.5 ${STATE_STYLES[post.state]}`}>{STATE_LABELS[post.state]}</span>
          {when}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <Link to={adminPaths.editPost(post.id)} className={adminButton.ghost}>
          <PenLine aria-hidden className="size-4" /> Edit
        </Link>
        {post.state === "published" ? (
          <Link
            to={paths.blogPost(post.slug)}
            className={adminButton.ghost}
            aria-label={`View “${post.title}” on the site`}
          >
            <ExternalLink aria-hidden className="size-4" /> View
          </Link>
        ) : null}
        <AlertDialog.Root>
          <AlertDialog.Trigger
            className={`${adminButton.icon} hover:text-destructive`}
            aria-label={`Delete “${post.title}”`}
          >
            <Trash2 aria-hidden className="size-4" />
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
            <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
              <AlertDialog.Title className="font-serif text-xl">Delete “{post.title}”?</AlertDialog.Title>
              <AlertDialog.Description className="text-muted mt-2 text-sm">
                The post is removed for good, from the journal, the sitemap and the feed. To take it off the site for
                now, make it a draft instead.
              </AlertDialog.Description>
              <div className="mt-6 flex justify-end gap-2">
                <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
                <AlertDialog.Action
                  className={adminButton.danger}
                  onClick={() => void fetcher.submit({ intent: "delete", id: post.id }, { method: "post" })}
                >
                  Delete
                </AlertDialog.Action>
              </div>
            </AlertDialog.Content>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      </div>
    </li>
  );
}

export const ErrorBoundary = AdminPageError;
