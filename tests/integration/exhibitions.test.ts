// Exhibition Management: the form refuses an end before the start with the message on the end date; shows are
// grouped upcoming / current / past by the studio's day; only published ones reach the About page, with the
// works shown; deleting removes the show and keeps the works.
import { beforeAll, describe, expect, it } from "vitest";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import {
  aboutPageExhibitions,
  createExhibition,
  deleteExhibition,
  getExhibition,
  listExhibitions,
  updateExhibition,
} from "~/modules/exhibitions/exhibitions.server";
import { getArtwork } from "~/modules/catalog/catalog.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { action as editAction, loader as editLoader } from "~/routes/admin/exhibition-edit";
import { action as listAction } from "~/routes/admin/exhibitions";
import { adminCookie, userCookie } from "../support/admin-session";
import { BACKENDS, useTestServices } from "../support/harness";
import { callRoute, formOf, seedWork } from "../support/shop-data";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe.each(BACKENDS)("exhibitions on %s", (backend) => {
  useTestServices(backend);
  beforeAll(() => saveSettings({ artistName: "Mara Ellison", shop: { timeZone: "UTC" } }));

  const show = (values: Record<string, unknown>) =>
    ExhibitionSchema.parse({ venue: "Galerie Rivage", city: "New Orleans", country: "US", type: "solo", ...values });

  it("refuses an end date before the start date, the message beside the end date, and keeps what was typed", async () => {
    const cookie = await adminCookie();
    const form = formOf({
      title: "Bayou Light",
      venue: "Galerie Rivage",
      type: "solo",
      startDate: "2027-05-10",
      endDate: "2027-05-01",
    });
    const call = (f: FormData, c = cookie) =>
      callRoute((args: never) => editAction({ ...(args as object), params: {} } as never), "/admin/exhibitions/new", {
        form: f,
        cookie: c,
      });
    const refused = await call(form);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      fieldErrors: { endDate: "The end date cannot be before the start date." },
      values: { title: "Bayou Light", endDate: "2027-05-01" },
    });
    expect(Object.keys((refused.body as { fieldErrors: object }).fieldErrors)).toEqual(["endDate"]);
    expect((await listExhibitions()).exhibitions).toEqual([]);

    // A plain user is refused before anything is read.
    expect((await call(form, await userCookie())).status).toBe(403);

    form.set("endDate", "2027-06-01");
    const saved = await call(form);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/exhibitions");
    expect((await listExhibitions()).exhibitions.map((e) => e.title)).toEqual(["Bayou Light"]);
  });

  it("groups shows by today and shows only published ones on the About page, with their works", async () => {
    const workId = await seedWork({ title: "Heron at Dusk" });
    const work = await getArtwork(workId);
    const current = await createExhibition(
      show({ title: "Now Showing", startDate: day(-3), endDate: day(3), published: true, artworkIds: [workId] }),
    );
    await createExhibition(show({ title: "Coming Soon", startDate: day(30), endDate: day(60), published: true }));
    await createExhibition(show({ title: "Long Ago", startDate: day(-400), endDate: day(-380), published: true }));
    await createExhibition(show({ title: "Still Private", startDate: day(10), endDate: day(20), published: false }));

    const { exhibitions } = await listExhibitions();
    const phase = Object.fromEntries(exhibitions.map((e) => [e.title, e.phase]));
    expect(phase).toMatchObject({
      "Now Showing": "current",
      "Coming Soon": "upcoming",
      "Long Ago": "past",
      "Still Private": "upcoming",
    });
    expect(exhibitions.find((e) => e.title === "Now Showing")!.artworkCount).toBe(1);

    const about = await aboutPageExhibitions();
    expect(about.upcoming.map((e) => e.title)).toEqual(["Now Showing", "Coming Soon"]);
    expect(about.past.map((e) => e.title)).toEqual(["Long Ago"]);
    expect(about.upcoming[0]).toMatchObject({
      place: "New Orleans, US",
      kind: "Solo exhibition",
      artworks: [{ slug: work!.slug, title: "Heron at Dusk" }],
    });

    // Unpublishing takes it off the About page; the edit form loads its works.
    await updateExhibition(
      current.id,
      show({ title: "Now Showing", startDate: day(-3), endDate: day(3), published: false, artworkIds: [workId] }),
    );
    expect((await aboutPageExhibitions()).upcoming.map((e) => e.title)).toEqual(["Coming Soon"]);
    const loaded = await callRoute(
      (args: never) => editLoader({ ...(args as object), params: { id: current.id } } as never),
      `/admin/exhibitions/${current.id}/edit`,
      { cookie: await adminCookie() },
    );
    expect(loaded.body).toMatchObject({ exhibition: { title: "Now Showing", artworkIds: [workId], published: false } });
  });

  it("deletes an exhibition through the list's action, and keeps the works it showed", async () => {
    const workId = await seedWork({ title: "Cypress Knees" });
    const doomed = await createExhibition(
      show({ title: "To Delete", startDate: day(-10), endDate: day(-5), artworkIds: [workId] }),
    );
    const form = formOf({ intent: "delete", id: doomed.id });
    const answer = await callRoute(listAction, "/admin/exhibitions", { form, cookie: await adminCookie() });
    expect(answer).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getExhibition(doomed.id)).toBeUndefined();
    expect(await getArtwork(workId)).toBeDefined();
    expect(await deleteExhibition(doomed.id)).toBe(false);
  });

  it("answers a request its page never sends in the words of every admin page, and deletes nothing", async () => {
    const kept = await createExhibition(show({ title: "Kept", startDate: day(-10), endDate: day(-5) }));
    for (const form of [formOf({ intent: "archive", id: kept.id }), formOf({ id: kept.id })]) {
      const answer = await callRoute(listAction, "/admin/exhibitions", { form, cookie: await adminCookie() });
      expect(answer).toMatchObject({ status: 400, body: { ok: false, error: "That request was not understood." } });
    }
    expect(await getExhibition(kept.id)).toBeDefined();
  });
});
