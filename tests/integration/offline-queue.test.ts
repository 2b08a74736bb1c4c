// The offline queue's server side (spec §7 "Queued offline writes"): POST /api/offline-queue applies one
// replayed change through the owning module, only on the tables and columns the person may write, and
// refuses the rest with a reason (never applied in part, never a 500).
import { beforeAll, describe, expect, it } from "vitest";
import { getAuthContext } from "~/modules/auth/session.server";
import { getArtwork } from "~/modules/catalog/catalog.server";
import { listArtistPhotosForAdmin, uploadArtistPhoto } from "~/modules/content/artist-photos.server";
import { addSection, listSectionsForAdmin } from "~/modules/content/homepage-admin.server";
import { listNotifications, notifyUser } from "~/modules/realtime/notifications.server";
import { action as offlineQueue } from "~/routes/resources/offline-queue";
import { adminCookie, userCookie } from "../support/admin-session";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { callRoute, seedShopSettings, seedWork } from "../support/shop-data";

const ORIGIN = "http://localhost:3000";

function post(cookie: string | undefined, operation: unknown) {
  const form = new FormData();
  form.set("operation", typeof operation === "string" ? operation : JSON.stringify(operation));
  return callRoute(offlineQueue, "/api/offline-queue", { form, cookie });
}

const op = (table: string, data: Record<string, unknown>, type = "update") => ({
  id: crypto.randomUUID(),
  timestamp: Date.now(),
  retries: 0,
  maxRetries: 3,
  type,
  table,
  data,
});

describe.each(BACKENDS)("offline queue replay on %s", (backend) => {
  useTestServices(backend);
  let admin: string;
  beforeAll(async () => {
    await seedShopSettings();
    admin = await adminCookie();
  });

  it("applies homepage switches and order, photo switches and order, a featured star and an availability", async () => {
    const first = await addSection("hero");
    const second = await addSection("featured_artworks");
    expect((await post(admin, op("homepage_sections", { id: first.id, is_published: true }))).status).toBe(200);
    expect((await post(admin, op("homepage_sections", { id: second.id, section_order: 0 }))).status).toBe(200);
    expect((await post(admin, op("homepage_sections", { id: first.id, section_order: 1 }))).status).toBe(200);
    const sections = await listSectionsForAdmin();
    expect(sections.map((s) => s.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect(sections.find((s) => s.id === first.id)?.isPublished).toBe(true);

    const photo = await uploadArtistPhoto({
      bytes: await solidPicture(200, 240, "#887766"),
      fileName: "me.jpg",
      altText: "The artist",
      caption: "",
      isFeaturedHomepage: false,
      isFeaturedAbout: false,
    });
    expect(
      (await post(admin, op("file_uploads", { id: photo.id, is_featured_about: true, display_order: 7 }))).status,
    ).toBe(200);
    expect((await listArtistPhotosForAdmin()).find((p) => p.id === photo.id)).toMatchObject({
      isFeaturedAbout: true,
      displayOrder: 7,
    });

    const work = await seedWork({ title: "Harbour at dusk" });
    expect((await post(admin, op("artworks", { id: work, is_featured: true }))).status).toBe(200);
    expect((await post(admin, op("artworks", { id: work, availability: "sold" }))).status).toBe(200);
    const detail = await getArtwork(work);
    expect(detail).toMatchObject({ isFeatured: true, availability: "sold" });
  });

  it("refuses tables, types and columns it does not accept, and says why", async () => {
    const work = await seedWork();
    const refused = [
      op("user_roles", { id: crypto.randomUUID(), role: "admin" }),
      op("artworks", { id: work, price_cents: 1 }),
      op("artworks", { id: work }),
      op("artworks", { id: work, is_featured: true }, "delete"),
      op("artworks", { id: "not-an-id", is_featured: true }),
      op("artworks", { id: work, availability: "stolen" }),
    ];
    for (const operation of refused) {
      const answer = await post(admin, operation);
      expect(answer.status, JSON.stringify(operation)).toBe(400);
      expect(answer.body).toMatchObject({ ok: false, error: expect.any(String) as string });
    }
    expect((await post(admin, "{broken")).status).toBe(400);
    expect((await getArtwork(work))?.isFeatured).toBe(false);
    // Gone: a section or a work deleted meanwhile, whichever column the change was to.
    expect((await post(admin, op("homepage_sections", { id: crypto.randomUUID(), is_active: false }))).status).toBe(
      404,
    );
    for (const data of [{ is_featured: true }, { availability: "sold" }])
      expect(
        (await post(admin, op("artworks", { id: crypto.randomUUID(), ...data }))).status,
        JSON.stringify(data),
      ).toBe(404);
  });

  it("needs a signed-in person, and an administrator for the admin tables", async () => {
    const work = await seedWork();
    expect((await post(undefined, op("artworks", { id: work, is_featured: true }))).status).toBe(401);
    const customer = await userCookie();
    expect((await post(customer, op("artworks", { id: work, is_featured: true }))).status).toBe(403);
    expect((await getArtwork(work))?.isFeatured).toBe(false);
  });

  it("lets anyone read or delete their own notifications, never someone else's", async () => {
    const cookie = await userCookie();
    const other = await userCookie();
    const me = (await getAuthContext(new Request(ORIGIN, { headers: { cookie } })))!.user.id;
    const them = (await getAuthContext(new Request(ORIGIN, { headers: { cookie: other } })))!.user.id;
    const mine = (await notifyUser(me, { title: "Yours" }))!;
    const theirs = (await notifyUser(them, { title: "Theirs" }))!;

    expect((await post(cookie, op("notifications", { id: mine.id, read_at: new Date().toISOString() }))).status).toBe(
      200,
    );
    expect((await listNotifications(me))[0]?.readAt).not.toBeNull();
    expect((await post(cookie, op("notifications", { id: theirs.id }, "delete"))).status).toBe(200);
    expect((await listNotifications(them)).map((n) => n.id)).toEqual([theirs.id]);
    expect((await post(cookie, op("notifications", { id: mine.id }, "delete"))).status).toBe(200);
    expect(await listNotifications(me)).toEqual([]);
  });
});
