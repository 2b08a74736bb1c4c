// Every write that changes what a visitor sees publishes its event on the bus once it is committed (the page
// cache of every process evicts on it: server/page-cache). A subscriber reading the database when the event
// arrives must already see the change.
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/db/client.server";
import { jobs, orders } from "~/db/schema";
import { ensureAdminFromEnv } from "~/modules/auth/admin-bootstrap.server";
import { PostInput, createPost, deletePost, updatePost } from "~/modules/blog/blog.server";
import {
  moveArtwork,
  removeArtwork,
  replaceArtworkImage,
  setAvailability,
  setFeatured,
  updateArtwork,
} from "~/modules/catalog/admin-catalog.server";
import { getArtwork, listAvailableArtworks } from "~/modules/catalog/catalog.server";
import { assignTerm, createTerm, renameTerm } from "~/modules/catalog/taxonomy.server";
import { uploadArtistPhoto, updateArtistPhoto, deleteArtistPhoto } from "~/modules/content/artist-photos.server";
import { savePageContent } from "~/modules/content/content.server";
import {
  addSection,
  deleteSection,
  reorderSections,
  saveSection,
  setSectionFlags,
} from "~/modules/content/homepage-admin.server";
import { eventBus, subscribe, type EventTopics, type Topic } from "~/modules/events/bus.server";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import { createExhibition, deleteExhibition, updateExhibition } from "~/modules/exhibitions/exhibitions.server";
import { runDueJobs } from "~/modules/jobs/jobs.server";
import { ingestImage } from "~/modules/media/media.server";
import { getSettings, saveSettings } from "~/modules/settings/settings.server";
import { EXPIRE_JOB, markOrderPaid } from "~/modules/shop/order-actions.server";
import * as checkoutRoute from "~/routes/shop/checkout";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { callRoute, checkoutForm, seedShopSettings, seedWork } from "../support/shop-data";

type Seen = { topic: Topic; payload: unknown; observed?: Promise<unknown> };

describe.each(BACKENDS)("writes publish their events after commit on %s", (backend) => {
  const ctx = useTestServices(backend);
  let seen: Seen[] = [];
  let observe: ((topic: Topic, payload: unknown) => Promise<unknown>) | undefined;
  const offs: (() => void)[] = [];
  const actor = { id: "", name: "Mara Ellison" };

  beforeAll(async () => {
    await seedShopSettings();
    await ensureAdminFromEnv({
      bootstrapAdmin: { email: "owner@example.com", password: "a long enough password", name: "Mara Ellison" },
    });
    const [owner] = await queryRows<{ id: string }>(ctx.handle.db, sql`select id from "user" limit 1`);
    actor.id = owner!.id;
    for (const topic of ["catalog.changed", "content.changed", "settings.changed"] as const)
      offs.push(
        subscribe(topic, (payload: EventTopics[typeof topic]) =>
          seen.push({ topic, payload, observed: observe?.(topic, payload) }),
        ),
      );
  });
  afterEach(() => {
    seen = [];
    observe = undefined;
  });
  afterAll(() => {
    for (const off of offs) off();
  });

  const topics = () => seen.map((s) => s.topic);
  const editForm = (title: string, priceCents: number) => ({
    title,
    slug: title.toLowerCase().replace(/\W+/g, "-"),
    description: "",
    medium: "Oil on canvas",
    year: 2025,
    size: "",
    price: priceCents,
    availability: "available" as const,
    featured: false,
    quantity: 1,
  });

  it("an artwork's edit (its price) publishes catalog.changed with its id, and a reader then sees the new price", async () => {
    const id = await seedWork({ title: "Harbour", priceCents: 100_000 });
    observe = () => getArtwork(id).then((a) => a?.priceCents);
    expect(await updateArtwork(id, editForm("Harbour", 125_000), actor)).toEqual({ ok: true });
    expect(seen.map((s) => [s.topic, s.payload])).toEqual([["catalog.changed", { artworkIds: [id] }]]);
    expect(await seen[0]!.observed).toBe(125_000);
  });

  it("status, featuring, order, images, deletion and categories publish catalog.changed", async () => {
    const a = await seedWork({ title: "Ochre" });
    const b = await seedWork({ title: "Salt" });
    expect(await setAvailability([a], "sold", actor)).toBe(1);
    await setFeatured(b, true, actor);
    await moveArtwork(a, b, "after");
    const image = await ingestImage(await solidPicture(400, 300, "#468"));
    await replaceArtworkImage(b, { id: image.id, hash: image.hash, widths: image.widths });
    const term = await createTerm("category", "Seascapes");
    await assignTerm(term.id, [a], "add");
    await renameTerm(term.id, "Sea pieces");
    expect(await removeArtwork(a, actor)).toBe("deleted");
    expect(topics()).toEqual(Array(7).fill("catalog.changed"));
  });

  it("a sale (checkout reserves the work) publishes catalog.changed; the shop no longer lists it when it arrives", async () => {
    const id = await seedWork({ title: "Sold at once" });
    observe = () => listAvailableArtworks({ limit: 200 }).then((list) => list.some((w) => w.id === id));
    const answer = await callRoute(checkoutRoute.action, "/checkout", {
      form: checkoutForm([{ id }]),
      ip: "192.0.2.7",
    });
    expect(answer.status).toBe(303);
    expect(seen.map((s) => [s.topic, s.payload])).toEqual([["catalog.changed", { artworkIds: [id] }]]);
    expect(await seen[0]!.observed).toBe(false);

    // Paying settles it as sold: another change visitors see.
    const number = new URL(answer.location!, "http://x").searchParams.get("order")!;
    const [order] = await ctx.handle.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.number} = ${number}`);
    seen = [];
    await markOrderPaid(order!.id, { kind: "admin", id: actor.id, email: "owner@example.com" });
    expect(topics()).toEqual(["catalog.changed"]);
  });

  it("a lapsed reservation (the expiry job) publishes catalog.changed once the work is back for sale", async () => {
    const id = await seedWork({ title: "Back again" });
    const answer = await callRoute(checkoutRoute.action, "/checkout", {
      form: checkoutForm([{ id }]),
      ip: "192.0.2.8",
    });
    const number = new URL(answer.location!, "http://x").searchParams.get("order")!;
    const past = new Date(Date.now() - 1000);
    await ctx.handle.db
      .update(orders)
      .set({ reservedUntil: past })
      .where(sql`${orders.number} = ${number}`);
    await ctx.handle.db
      .update(jobs)
      .set({ runAt: past })
      .where(sql`${jobs.kind} = ${EXPIRE_JOB} and done_at is null`);
    seen = [];
    observe = () => getArtwork(id).then((a) => a?.availability);
    await runDueJobs();
    expect(topics()).toContain("catalog.changed");
    expect(await seen.find((s) => s.topic === "catalog.changed")!.observed).toBe("available");
  });

  it("homepage sections, the about page, artist photos, the journal and exhibitions publish content.changed", async () => {
    const area = () => seen.map((s) => (s.payload as { area: string }).area);
    const section = await addSection("hero");
    await saveSection(section.id, { title: "Draft only" }, "draft");
    expect(seen).toEqual([]); // a draft shows only in the admin's preview
    await saveSection(section.id, { title: "Paintings of water" }, "publish");
    await setSectionFlags(section.id, { isActive: false });
    await reorderSections([section.id]);
    await deleteSection(section.id);
    expect(area()).toEqual(["homepage", "homepage", "homepage", "homepage"]);

    seen = [];
    await savePageContent("about", { biography: "Born by the river." });
    const jpeg = await solidPicture(300, 400, "#345");
    const photo = await uploadArtistPhoto({
      bytes: jpeg,
      fileName: "easel.jpg",
      altText: "The artist at the easel",
      caption: "",
      isFeaturedHomepage: true,
      isFeaturedAbout: true,
    });
    await updateArtistPhoto(photo.id, { caption: "Spring" });
    await deleteArtistPhoto(photo.id);
    expect(area()).toEqual(["about", "photos", "photos", "photos"]);

    seen = [];
    const post = (title: string) =>
      PostInput.parse({
        title,
        slug: "",
        excerpt: "",
        body: "Hello.",
        coverImageId: "",
        status: "published",
        publishAt: null,
      });
    const created = await createPost(post("First light"));
    await updatePost(created.id, post("First light again"));
    await deletePost(created.id);
    const show = ExhibitionSchema.parse({
      title: "Bayou Light",
      venue: "Galerie Rivage",
      city: "New Orleans",
      country: "US",
      type: "solo",
      startDate: "2027-05-10",
      endDate: "2027-06-10",
      published: true,
    });
    const exhibition = await createExhibition(show);
    await updateExhibition(exhibition.id, { ...show, title: "Bayou Light II" });
    await deleteExhibition(exhibition.id);
    expect(area()).toEqual(["blog", "blog", "blog", "exhibitions", "exhibitions", "exhibitions"]);
  });

  it("the settings are read once and kept until settings.changed arrives (as from another process)", async () => {
    const before = await getSettings();
    // Another process saves: the row changes under this one, whose copy stays until the event.
    await ctx.handle.db.execute(
      sql`update site_settings set data = jsonb_set(data, '{tagline}', '"Changed elsewhere"') where id = 1`,
    );
    expect((await getSettings()).tagline).toBe(before.tagline);
    eventBus().deliver("settings.changed", {});
    expect((await getSettings()).tagline).toBe("Changed elsewhere");
  });

  it("saving the settings publishes settings.changed, and the next read has the new settings", async () => {
    observe = () => getSettings().then((s) => s.siteTitle);
    await saveSettings({ ...(await getSettings()), siteTitle: "Studio by the River" });
    expect(topics()).toEqual(["settings.changed"]);
    expect(await seen[0]!.observed).toBe("Studio by the River");
  });
});
