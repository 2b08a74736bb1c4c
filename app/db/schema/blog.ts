// The blog ("Journal"): posts written in Markdown, published now or at a set time.
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, updatedAtColumn, oneOf } from "./columns";
import { mediaAssets } from "./media";

export const POST_STATUSES = ["draft", "scheduled", "published"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: idColumn(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull().default(""),
    /** Markdown; rendered and sanitized on the server when shown. */
    body: text("body").notNull().default(""),
    coverImageId: uuid("cover_image_id").references(() => mediaAssets.id, { onDelete: "set null" }),
    status: text("status").$type<PostStatus>().notNull().default("draft"),
    /** When the post goes (or went) public; set for scheduled and published posts. */
    publishAt: timestamp("publish_at", { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    check("blog_posts_status_check", oneOf(t.status, POST_STATUSES)),
    check("blog_posts_publish_at_check", sql`${t.status} = 'draft' or ${t.publishAt} is not null`),
    // The public list: posts that are (or will be) public, newest first; publish_at <= now() is checked at query time.
    index("blog_posts_public_idx")
      .on(t.publishAt.desc(), t.id.desc())
      .where(sql`${t.status} <> 'draft'`),
    // The admin list: every post, last changed first.
    index("blog_posts_updated_idx").on(t.updatedAt.desc()),
  ],
);
