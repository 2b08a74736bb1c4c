// The blog on real databases: what is public when, slugs, the rendered body, the sitemap and the RSS feed.
import { beforeAll, describe, expect, it } from "vitest";
import {
  createPost,
  deletePost,
  getPublicPost,
  latestPublicPosts,
  listPostsForAdmin,
  listPublicPosts,
  PostError,
  PostInput,
  updatePost,
} from "~/modules/blog/blog.server";
import { renderFeed } from "~/modules/blog/feed.server";
import { buildSitemap } from "~/modules/seo/sitemap.server";
import { saveSettings } from "~/modules/settings/settings.server";
import * as blogRoute from "~/routes/site/blog";
import * as postRoute from "~/routes/site/blog-post";
import { action as editPostAction } from "~/routes/admin/blog-edit";
import { adminCookie } from "../support/admin-session";
import { formOf } from "../support/form";
import { callRoute } from "../support/shop-data";
import { parseSitemap } from "../support/sitemap";
import { BACKENDS, useTestServices } from "../support/harness";

const ORIGIN = "http://localhost:3000";
const hour = 3_600_000;

const input = (values: Partial<PostInput> & { title: string }): PostInput =>
  PostInput.parse({ slug: "", excerpt: "", body: "", coverImageId: "", status: "draft", publishAt: null, ...values });

describe.each(BACKENDS)("blog on %s", (backend) => {
  useTestServices(backend);
  const now = new Date(Date.UTC(2026, 4, 10, 12));
  beforeAll(async () => {
    await saveSettings({ siteTitle: "Mara Ellison", artistName: "Mara Ellison" });
    await createPost(input({ title: "A draft", body: "Not yet." }), now);
    await createPost(
      input({ title: "Studio notes, spring", status: "published", publishAt: new Date(now.getTime() - 48 * hour) }),
      now,
    );
    await createPost(
      input({
        title: "New work: the Ledger paintings",
        status: "published",
        excerpt: "Five new paintings.",
        body: "## The series\n\nGraphite *tallies* under washes.\n\n<script>alert(1)</script>\n\n![Detail](/media/abc/640.webp)",
      }),
      new Date(now.getTime() - hour),
    );
    await createPost(
      input({ title: "Opening night", status: "scheduled", publishAt: new Date(now.getTime() + 24 * hour) }),
      now,
    );
  });

  it("shows only posts whose time has come, newest first; a scheduled post appears when its time comes", async () => {
    const titles = async (at: Date) => (await listPublicPosts({ page: 1 }, at)).posts.map((p) => p.title);
    expect(await titles(now)).toEqual(["New work: the Ledger paintings", "Studio notes, spring"]);
    expect((await listPublicPosts({ page: 1 }, now)).total).toBe(2);
    expect(await titles(new Date(now.getTime() + 25 * hour))).toEqual([
      "Opening night",
      "New work: the Ledger paintings",
      "Studio notes, spring",
    ]);
    expect(await getPublicPost("opening-night", now)).toBeUndefined();
    expect(await getPublicPost("a-draft", now)).toBeUndefined();
    expect((await getPublicPost("opening-night", new Date(now.getTime() + 25 * hour)))?.title).toBe("Opening night");
  });

  it("pages the listing", async () => {
    const page2 = await listPublicPosts({ page: 2, pageSize: 1 }, now);
    expect(page2.posts.map((p) => p.slug)).toEqual(["studio-notes-spring"]);
    expect(page2.total).toBe(2);
  });

  it("renders the body as sanitized HTML with headings below the title", async () => {
    const post = await getPublicPost("new-work-the-ledger-paintings", now);
    expect(post?.html).toContain("<h3>The series</h3>");
    expect(post?.html).toContain("<em>tallies</em>");
    expect(post?.html).not.toMatch(/script|alert/);
    expect(post?.description).toBe("Five new paintings.");
    expect((await getPublicPost("studio-notes-spring", now))?.description).toBe("");
  });

  it("keeps slugs unique: made from the title, or refused when taken", async () => {
    const again = await createPost(input({ title: "A draft" }), now);
    expect(again.slug).toBe("a-draft-2");
    await expect(createPost(input({ title: "Other", slug: "a-draft" }), now)).rejects.toBeInstanceOf(PostError);
    const renamed = await updatePost(again.id, input({ title: "Renamed", slug: "renamed" }), now);
    expect(renamed.slug).toBe("renamed");
    expect(PostInput.safeParse({ ...input({ title: "x" }), slug: "Not A Slug" }).success).toBe(false);
    expect(PostInput.safeParse({ ...input({ title: "x" }), status: "scheduled", publishAt: null }).success).toBe(false);
  });

  it("refuses a cover image that is not in the media library, on the cover field, and keeps the post", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const refused = createPost(input({ title: "With a lost cover", coverImageId: unknown }), now);
    await expect(refused).rejects.toBeInstanceOf(PostError);
    await expect(refused).rejects.toMatchObject({ field: "coverImageId" });
    const post = await createPost(input({ title: "Keeps its cover" }), now);
    const update = updatePost(post.id, input({ title: "Changed", coverImageId: unknown }), now);
    await expect(update).rejects.toMatchObject({ field: "coverImageId" });
    const titles = (await listPostsForAdmin({ page: 1 })).posts.map((p) => p.title);
    expect(titles).toContain("Keeps its cover");
    expect(titles).not.toContain("Changed");
    expect(titles).not.toContain("With a lost cover");
    await deletePost(post.id);
  });

  it("refuses, beside its field, a publishing choice the editor does not offer and a time in the year 9999", async () => {
    const cookie = await adminCookie();
    const studio = { siteTitle: "Mara Ellison", artistName: "Mara Ellison" };
    await saveSettings({ ...studio, shop: { timeZone: "America/Los_Angeles" } });
    const post = (fields: Record<string, string>) =>
      callRoute((args: never) => editPostAction({ ...(args as object), params: {} } as never), "/admin/blog/new", {
        form: formOf({ title: "Hand-posted", body: "Text", ...fields }),
        cookie,
      });
    const unknownChoice = await post({ status: "public", publishAt: "" });
    expect(unknownChoice.status).toBe(400);
    expect(unknownChoice.body).toMatchObject({ fieldErrors: { status: "Choose Draft, Published or Scheduled." } });
    // The end of 9999 in Los Angeles is in the year 10000, which the database refuses (it was a 500).
    const farFuture = await post({ status: "scheduled", publishAt: "9999-12-31T23:30" });
    expect(farFuture.status).toBe(400);
    expect(farFuture.body).toMatchObject({ fieldErrors: { publishAt: "Choose a time before the year 9999." } });
    expect((await listPostsForAdmin({ page: 1 })).posts.map((p) => p.title)).not.toContain("Hand-posted");
    await saveSettings(studio);
  });

  it("lists posts for the admin by status", async () => {
    const drafts = await listPostsForAdmin({ page: 1, status: "draft" }, now);
    expect(drafts.posts.map((p) => p.title).sort()).toEqual(["A draft", "Renamed"]);
    const scheduled = await listPostsForAdmin({ page: 1, status: "scheduled" }, now);
    expect(scheduled.posts.map((p) => p.title)).toEqual(["Opening night"]);
    expect((await listPostsForAdmin({ page: 1 }, now)).total).toBe(5);
  });

  it("puts the journal and each public post in the sitemap", async () => {
    const locs = parseSitemap(await buildSitemap(), ORIGIN).map((e) => e.loc);
    expect(locs).toContain(`${ORIGIN}/blog`);
    expect(locs).toContain(`${ORIGIN}/blog/new-work-the-ledger-paintings`);
    expect(locs).toContain(`${ORIGIN}/blog/studio-notes-spring`);
    expect(locs.some((l) => l.includes("a-draft"))).toBe(false);
  });

  it("renders an RSS 2.0 feed with absolute links and the full text", async () => {
    const posts = await latestPublicPosts(20, now);
    const xml = renderFeed({ siteTitle: "Mara Ellison", artistName: "Mara Ellison", publicUrl: ORIGIN }, posts, now);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<atom:link href="${ORIGIN}/blog/rss.xml" rel="self" type="application/rss+xml" />`);
    const items = xml.split("<item>").slice(1);
    expect(items).toHaveLength(2);
    expect(items[0]).toContain(`<link>${ORIGIN}/blog/new-work-the-ledger-paintings</link>`);
    expect(items[0]).toContain(`<pubDate>${new Date(now.getTime() - hour).toUTCString()}</pubDate>`);
    expect(items[0]).toContain(`src="${ORIGIN}/media/abc/640.webp"`);
    expect(xml).not.toContain("<script");
  });

  it("dates a post by the studio's calendar: late evening in Chicago is still that day there", async () => {
    await saveSettings({
      siteTitle: "Mara Ellison",
      artistName: "Mara Ellison",
      shop: { timeZone: "America/Chicago" },
    });
    // 9 PM on May 9 in Chicago, already May 10 in UTC.
    const publishAt = new Date("2026-05-10T02:00:00Z");
    await createPost(input({ title: "Evening in the studio", status: "published", publishAt }), now);
    const dated = { day: "2026-05-09", label: "May 9, 2026" };
    const { post } = await postRoute.loader({ params: { slug: "evening-in-the-studio" } } as never);
    expect(post.published).toEqual(dated);
    const { posts } = await blogRoute.loader({ request: new Request(`${ORIGIN}/blog`) } as never);
    expect(posts.find((p) => p.title === "Evening in the studio")?.published).toEqual(dated);
  });
});
