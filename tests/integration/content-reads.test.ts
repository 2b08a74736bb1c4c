// The home and about pages' content reads are kept in memory (modules/content/content-cache.server.ts, decision
// 0026) until the content they show changes: a write behind the modules' back shows only after the event of its
// area, and the modules' own writes (which publish it) show on the next read.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { exhibitions, fileUploads, homepageSections, pageContent } from "~/db/schema";
import { catalogChanged } from "~/modules/catalog/catalog-cache.server";
import { loadAboutPage } from "~/modules/content/about-page.server";
import { addArtistPhoto, createSection, savePageContent } from "~/modules/content/content.server";
import { loadHomepage } from "~/modules/content/homepage.server";
import { publish } from "~/modules/events/bus.server";
import { ExhibitionSchema } from "~/modules/exhibitions/exhibition-rules";
import { aboutPageExhibitions, createExhibition, updateExhibition } from "~/modules/exhibitions/exhibitions.server";
import { ingestImage } from "~/modules/media/media.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

describe("kept content reads", () => {
  const ctx = useTestServices("pglite");
  beforeAll(async () => {
    await saveSettings({ shop: { timeZone: "UTC" } });
    const portrait = await ingestImage(await solidPicture(240, 300, "#a98"));
    await addArtistPhoto({
      fileName: "me.jpg",
      mediaAssetId: portrait.id,
      altText: "The artist at work",
      displayOrder: 0,
      isFeaturedHomepage: true,
      isFeaturedAbout: true,
    });
    await createSection({
      sectionType: "artist_statement",
      sectionOrder: 1,
      isPublished: true,
      content: { title: "About the Artist", statement: "I paint weather." },
    });
    await savePageContent("about", { title: "About", biography: "A painter of **weather**." });
  });

  const statementOf = async () => {
    const section = (await loadHomepage()).sections.find((s) => s.type === "artist_statement");
    return section?.type === "artist_statement" ? section : undefined;
  };

  it("the home page's sections until the homepage or the photos change", async () => {
    expect((await statementOf())?.content.statement).toBe("I paint weather.");
    await ctx.handle.db
      .update(homepageSections)
      .set({ content: { title: "About the Artist", statement: "I paint rivers." } })
      .where(eq(homepageSections.sectionType, "artist_statement"));
    expect((await statementOf())?.content.statement).toBe("I paint weather.");
    // Another area's change leaves them be.
    await publish("content.changed", { area: "blog" });
    await catalogChanged();
    expect((await statementOf())?.content.statement).toBe("I paint weather.");
    await publish("content.changed", { area: "homepage" });
    expect((await statementOf())?.content.statement).toBe("I paint rivers.");

    await ctx.handle.db.update(fileUploads).set({ altText: "At the easel" });
    expect((await statementOf())?.portrait?.altText).toBe("The artist at work");
    await publish("content.changed", { area: "photos" });
    expect((await statementOf())?.portrait?.altText).toBe("At the easel");
  });

  it("concurrent readers share one read", async () => {
    await publish("content.changed", { area: "homepage" });
    const [a, b] = await Promise.all([loadHomepage(), loadHomepage()]);
    expect(a.sections).toBe(b.sections);
    // The admin's preview reads afresh every time.
    expect((await loadHomepage({ preview: true })).sections).not.toBe(a.sections);
  });

  it("the about page, its biography rendered once, until the about page or the photos change", async () => {
    const first = await loadAboutPage();
    expect(first.biographyHtml).toContain("<strong>weather</strong>");
    await ctx.handle.db
      .update(pageContent)
      .set({ data: { title: "About", biography: "Behind the module's back." } })
      .where(eq(pageContent.key, "about"));
    expect(await loadAboutPage()).toBe(first);
    // The module's own write publishes content.changed (about): the next read has it.
    await savePageContent("about", { title: "About", biography: "A painter of *rivers*." });
    expect((await loadAboutPage()).biographyHtml).toContain("<em>rivers</em>");
    await ctx.handle.db.update(fileUploads).set({ altText: "In the studio" });
    await publish("content.changed", { area: "photos" });
    expect((await loadAboutPage()).portraits.map((p) => p.altText)).toEqual(["In the studio"]);
  });

  it("the exhibitions until the exhibitions or the catalogue change", async () => {
    const show = (values: Record<string, unknown>) =>
      ExhibitionSchema.parse({ venue: "Galerie Rivage", type: "solo", published: true, ...values });
    const created = await createExhibition(show({ title: "Tidewater", startDate: day(-3), endDate: day(3) }));
    expect((await aboutPageExhibitions()).upcoming.map((e) => e.title)).toEqual(["Tidewater"]);
    await ctx.handle.db.update(exhibitions).set({ title: "Tidewater II" }).where(eq(exhibitions.id, created.id));
    expect((await aboutPageExhibitions()).upcoming.map((e) => e.title)).toEqual(["Tidewater"]);
    await catalogChanged();
    expect((await aboutPageExhibitions()).upcoming.map((e) => e.title)).toEqual(["Tidewater II"]);
    // The module's own write publishes content.changed (exhibitions).
    await updateExhibition(created.id, show({ title: "Tidewater III", startDate: day(-30), endDate: day(-20) }));
    const after = await aboutPageExhibitions();
    expect(after.upcoming).toEqual([]);
    expect(after.past.map((e) => e.title)).toEqual(["Tidewater III"]);
  });
});
