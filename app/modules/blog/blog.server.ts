// The blog ("Journal"): posts in Markdown with a cover image, drafted, scheduled or published.
// Owns: blog_posts. Exposes: the public listing (only what is public now), one public post rendered to safe
// HTML, the admin's listing and editing, and the feeds' and sitemap's lookups.
import { and, desc, eq, gt, lte, ne, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import { db, type Database } from "~/db/client.server";
import { pageOf } from "~/db/list-queries.server";
import { blogPosts, mediaAssets, POST_STATUSES, type PostStatus } from "~/db/schema";
import type { ImageAsset } from "~/lib/media";
import { toSlug } from "~/lib/slug";
import { renderMarkdown, markdownToText } from "~/modules/content/markdown.server";
import { getImagesByIds, imageColumns, withImage } from "~/modules/media/media.server";
import { publish } from "~/modules/events/bus.server";

export { POST_STATUSES, type PostStatus } from "~/db/schema";

export const BLOG_PAGE_SIZE = 10;

/** Public means: not a draft, and its time has come (a scheduled post appears by itself, checked at query time). */
const isPublic = (now: Date): SQL => and(ne(blogPosts.status, "draft"), lte(blogPosts.publishAt, now))!;

/** The public list's order, newest first, as blog_posts_public_idx keeps it. */
const publicOrder = [sql`${blogPosts.publishAt} desc nulls last`, sql`${blogPosts.id} desc nulls last`];

const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** What the admin's form sends; the publish time is already in UTC. */
export const PostInput = z
  .object({
    title: requiredText("Enter a title.", 200, "Use at most 200 characters."),
    slug: z
      .string()
      .trim()
      .max(100, "Use at most 100 characters.")
      .refine(
        (s) => s === "" || SLUG_RE.test(s),
        "Use lower-case letters, digits and hyphens (e.g. spring-studio-notes).",
      ),
    excerpt: z.string().trim().max(500, "Use at most 500 characters."),
    body: z.string().max(100_000, "The post is too long (100,000 characters at most)."),
    coverImageId: z.union([z.uuid(), z.literal("")]),
    status: z.enum(POST_STATUSES),
    publishAt: z.date().nullable(),
  })
  .superRefine((value, ctx) => {
    if (value.status === "scheduled" && !value.publishAt)
      ctx.addIssue({ code: "custom", path: ["publishAt"], message: "Choose when the post goes public." });
  });
export type PostInput = z.infer<typeof PostInput>;

/** A mistake the admin can fix, for one field. */
export class PostError extends Error {
  override name = "PostError";
  constructor(
    readonly field: keyof PostInput,
    message: string,
  ) {
    super(message);
  }
}

export interface PostSummary {
  id: string;
  slug: string;
  title: string;
  excerpt: string;
  status: PostStatus;
  publishAt: Date | null;
  updatedAt: Date;
  cover: ImageAsset | null;
}

const summaryColumns = {
  id: blogPosts.id,
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  status: blogPosts.status,
  publishAt: blogPosts.publishAt,
  updatedAt: blogPosts.updatedAt,
  ...imageColumns,
};

/** A whole post: its summary, its Markdown body and when it was written (its page, the feed). */
const postColumns = { ...summaryColumns, body: blogPosts.body, createdAt: blogPosts.createdAt };

/** Posts with `columns` (the summary's, or a whole post's) and their cover picture, left-joined for `toSummary`. */
function selectPosts<Columns extends typeof summaryColumns>(columns: Columns) {
  return db().select(columns).from(blogPosts).leftJoin(mediaAssets, eq(mediaAssets.id, blogPosts.coverImageId));
}

/** A row of summaryColumns: the cover is the left-joined picture. */
function toSummary(row: Omit<PostSummary, "cover"> & Parameters<typeof withImage>[0]): PostSummary {
  const { image, ...rest } = withImage(row);
  return { ...rest, cover: image };
}

/** What a post shows as: scheduled posts whose time has come are published. */
export function effectiveStatus(post: { status: PostStatus; publishAt: Date | null }, now = new Date()): PostStatus {
  if (post.status === "draft") return "draft";
  return post.publishAt && post.publishAt > now ? "scheduled" : "published";
}

/** The public listing, newest first, a page at a time; and how many there are. */
export async function listPublicPosts(
  { page, pageSize = BLOG_PAGE_SIZE }: { page: number; pageSize?: number },
  now = new Date(),
): Promise<{ posts: PostSummary[]; total: number }> {
  const query = selectPosts(summaryColumns)
    .where(isPublic(now))
    .orderBy(...publicOrder)
    .$dynamic();
  const size = Math.min(pageSize, 50);
  const { rows, total } = await pageOf(query, db().$count(blogPosts, isPublic(now)), page, size);
  return { posts: rows.map(toSummary), total };
}

export interface PublicPost extends PostSummary {
  /** The body rendered from Markdown and sanitized: safe to insert as it is. */
  html: string;
  /** A plain-text description: the excerpt, else the start of the body. */
  description: string;
  createdAt: Date;
}

async function loadPost(where: SQL): Promise<(PostSummary & { body: string; createdAt: Date }) | undefined> {
  const [row] = await selectPosts(postColumns).where(where).limit(1);
  if (!row) return undefined;
  const { body, createdAt, ...summary } = row;
  return { ...toSummary(summary), body, createdAt };
}

const describe = (post: { excerpt: string; body: string }) =>
  post.excerpt.trim() || markdownToText(post.body).slice(0, 400);

/** A public post by slug, rendered; undefined when there is none or it is not public (yet). */
export async function getPublicPost(slug: string, now = new Date()): Promise<PublicPost | undefined> {
  if (!SLUG_RE.test(slug)) return undefined;
  const post = await loadPost(and(eq(blogPosts.slug, slug), isPublic(now))!);
  if (!post) return undefined;
  const { body, ...rest } = post;
  return { ...rest, html: renderMarkdown(body), description: describe(post) };
}

/** When the next scheduled post goes public (the page cache renews the journal then), if any is waiting. */
export async function nextScheduledPublication(now = new Date()): Promise<Date | undefined> {
  const [row] = await db()
    .select({ at: sql<Date | string | null>`min(${blogPosts.publishAt})` })
    .from(blogPosts)
    .where(and(ne(blogPosts.status, "draft"), gt(blogPosts.publishAt, now)));
  return row?.at ? new Date(row.at) : undefined;
}

/** The latest public posts with their rendered bodies (the RSS feed). */
export async function latestPublicPosts(limit = 20, now = new Date()): Promise<PublicPost[]> {
  const rows = await selectPosts(postColumns)
    .where(isPublic(now))
    .orderBy(...publicOrder)
    .limit(Math.min(limit, 50));
  return rows.map(({ body, createdAt, ...summary }) => ({
    ...toSummary(summary),
    createdAt,
    html: renderMarkdown(body),
    description: describe({ excerpt: summary.excerpt, body }),
  }));
}

/** Every public post's slug and last change (the sitemap), bounded. */
export async function listPublicPostUpdates(
  { limit }: { limit: number },
  now = new Date(),
): Promise<{ slug: string; updatedAt: Date }[]> {
  return db()
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublic(now))
    .orderBy(...publicOrder)
    .limit(limit);
}

// ---- Admin ------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE = 20;

/** Every post for the admin, last changed first, optionally of one effective status. */
export async function listPostsForAdmin(
  { page, status }: { page: number; status?: PostStatus },
  now = new Date(),
): Promise<{ posts: PostSummary[]; total: number }> {
  const where =
    status === "draft"
      ? eq(blogPosts.status, "draft")
      : status === "published"
        ? isPublic(now)
        : status === "scheduled"
          ? and(ne(blogPosts.status, "draft"), sql`${blogPosts.publishAt} > ${now}`)
          : undefined;
  const query = selectPosts(summaryColumns)
    .where(where)
    .orderBy(desc(blogPosts.updatedAt), desc(blogPosts.id))
    .$dynamic();
  const { rows, total } = await pageOf(query, db().$count(blogPosts, where), page, ADMIN_PAGE_SIZE);
  return { posts: rows.map(toSummary), total };
}

export interface EditablePost extends PostSummary {
  body: string;
  coverImageId: string | null;
}

export async function getPostForEditing(id: string): Promise<EditablePost | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const post = await loadPost(eq(blogPosts.id, id));
  if (!post) return undefined;
  const [row] = await db()
    .select({ coverImageId: blogPosts.coverImageId })
    .from(blogPosts)
    .where(eq(blogPosts.id, id))
    .limit(1);
  return { ...post, coverImageId: row?.coverImageId ?? null };
}

async function uniqueSlug(wanted: string, title: string, tx: Database, exceptId?: string): Promise<string> {
  const taken = async (slug: string) => {
    const [row] = await tx.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug)).limit(1);
    return row !== undefined && row.id !== exceptId;
  };
  if (wanted) {
    if (await taken(wanted)) throw new PostError("slug", "Another post already uses this slug.");
    return wanted;
  }
  const base = toSlug(title) || "post";
  let slug = base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/** The stored status and time: publishing now stamps the time; a future time is a schedule. */
function publication(input: PostInput, now: Date): { status: PostStatus; publishAt: Date | null } {
  if (input.status === "draft") return { status: "draft", publishAt: input.publishAt };
  const at = input.publishAt ?? now;
  return { status: at > now ? "scheduled" : "published", publishAt: at };
}

/** A cover that is not in the media library (an old form, a deleted image) is the admin's to choose again, not a 500. */
async function checkCover(input: PostInput, tx: Database): Promise<void> {
  if (!input.coverImageId) return;
  if (!(await getImagesByIds([input.coverImageId], tx)).has(input.coverImageId))
    throw new PostError("coverImageId", "That image is no longer in the media library. Choose another cover.");
}

/** The columns a post's form sets, for a new post and an edited one alike. */
function postValues(input: PostInput, slug: string, now: Date) {
  return {
    title: input.title,
    slug,
    excerpt: input.excerpt,
    body: input.body,
    coverImageId: input.coverImageId || null,
    ...publication(input, now),
  };
}

export async function createPost(
  input: PostInput,
  now = new Date(),
  tx: Database = db(),
): Promise<{ id: string; slug: string }> {
  await checkCover(input, tx);
  const slug = await uniqueSlug(input.slug, input.title, tx);
  const [row] = await tx
    .insert(blogPosts)
    .values(postValues(input, slug, now))
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  await publish("content.changed", { area: "blog" });
  return row!;
}

export async function updatePost(
  id: string,
  input: PostInput,
  now = new Date(),
  tx: Database = db(),
): Promise<{ id: string; slug: string }> {
  await checkCover(input, tx);
  const slug = await uniqueSlug(input.slug, input.title, tx, id);
  const [row] = await tx
    .update(blogPosts)
    .set({ ...postValues(input, slug, now), updatedAt: now })
    .where(eq(blogPosts.id, id))
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  if (!row) throw new PostError("title", "This post no longer exists.");
  await publish("content.changed", { area: "blog" });
  return row;
}

export async function deletePost(id: string): Promise<boolean> {
  const rows = await db().delete(blogPosts).where(eq(blogPosts.id, id)).returning({ id: blogPosts.id });
  if (rows.length > 0) await publish("content.changed", { area: "blog" });
  return rows.length > 0;
}
