// The website's content as the admin edits it, on real databases: homepage sections (drafts, publishing,
// the visibility flags, order, the preview), artist photos, and the about page's Markdown biography.
import { describe, expect, it } from "vitest";
import { fileUploads } from "~/db/schema";
import { loadAboutPage } from "~/modules/content/about-page.server";
import {
  ArtistPhotoFields,
  deleteArtistPhoto,
  listArtistPhotosForAdmin,
  reorderArtistPhotos,
  updateArtistPhoto,
  uploadArtistPhoto,
} from "~/modules/content/artist-photos.server";
import { listArtistPhotos, listVisibleSections, savePageContent } from "~/modules/content/content.server";
import {
  addSection,
  deleteSection,
  discardDraft,
  listSectionsForAdmin,
  reorderSections,
  saveSection,
  SectionError,
  setSectionFlags,
} from "~/modules/content/homepage-admin.server";
import { loadHomepage } from "~/modules/content/homepage.server";
import { MediaError, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import * as uploadPhotosRoute from "~/routes/admin/artist-photos";
import { adminCookie } from "../support/admin-session";
import { whileStoreRefusesWrites } from "../support/counting-storage";
import { callRoute } from "../support/shop-data";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";

describe.each(BACKENDS)("content administration on %s", (backend) => {
  const ctx = useTestServices(backend);

  it("adds sections unpublished, saves drafts the home page does not show, and publishes them", async () => {
    const hero = await addSection("hero");
    const featured = await addSection("featured_artworks");
    expect([hero.isPublished, hero.isActive, hero.sectionOrder, featured.sectionOrder]).toEqual([false, true, 0, 1]);
    expect(await listVisibleSections()).toEqual([]);

    await saveSection(hero.id, { title: "Paintings of water" }, "publish");
    await saveSection(hero.id, { title: "A better title", subtitle: "Draft only" }, "draft");
    const home = await loadHomepage();
    expect(home.sections.find((s) => s.type === "hero")?.content).toMatchObject({ title: "Paintings of water" });

    // The preview shows drafts, and active sections that are not published yet.
    const preview = await loadHomepage({ preview: true });
    expect(preview.sections.map((s) => s.type)).toEqual(["hero", "featured_artworks", "process"]);
    expect(preview.sections[0]?.content).toMatchObject({ title: "A better title", subtitle: "Draft only" });

    await discardDraft(hero.id);
    expect((await listSectionsForAdmin()).find((s) => s.id === hero.id)?.draftContent).toBeNull();
    await saveSection(hero.id, { title: "A better title" }, "draft");
    const published = await saveSection(hero.id, { title: "A better title" }, "publish");
    expect(published).toMatchObject({ draftContent: null, isPublished: true, content: { title: "A better title" } });
  });

  it("refuses invalid content with messages by field, changing nothing", async () => {
    const [hero] = await listSectionsForAdmin();
    const attempt = saveSection(hero!.id, { title: "", ctaLink: "gallery" }, "publish");
    await expect(attempt).rejects.toBeInstanceOf(SectionError);
    await attempt.catch((error: SectionError) =>
      expect(error.fieldErrors).toEqual({
        title: "This field is required.",
        ctaLink: "Use a page of this site (starting with /) or a full address (https://…).",
      }),
    );
    expect((await listSectionsForAdmin())[0]?.content).toMatchObject({ title: "A better title" });
  });

  it("shows a section only when it is both published and active", async () => {
    const [hero] = await listSectionsForAdmin();
    await setSectionFlags(hero!.id, { isActive: false });
    expect((await listVisibleSections()).map((s) => s.sectionType)).toEqual([]);
    expect((await loadHomepage({ preview: true })).sections.map((s) => s.type)).not.toContain("hero");
    await setSectionFlags(hero!.id, { isActive: true });
    await setSectionFlags(hero!.id, { isPublished: false });
    expect((await loadHomepage()).sections.map((s) => s.type)).toEqual(["process"]);
    await setSectionFlags(hero!.id, { isPublished: true });
    expect((await loadHomepage()).sections.map((s) => s.type)).toEqual(["hero", "process"]);
  });

  it("reorders by writing section_order, and refuses an order that misses a section", async () => {
    const statement = await addSection("artist_statement");
    await setSectionFlags(statement.id, { isPublished: true });
    const ids = (await listSectionsForAdmin()).map((s) => s.id);
    await reorderSections([ids[2]!, ids[0]!, ids[1]!]);
    const after = await listSectionsForAdmin();
    expect(after.map((s) => [s.sectionType, s.sectionOrder])).toEqual([
      ["artist_statement", 0],
      ["hero", 1],
      ["featured_artworks", 2],
    ]);
    expect((await loadHomepage()).sections.map((s) => s.type)).toEqual(["process", "artist_statement", "hero"]);
    await expect(reorderSections([ids[0]!, ids[1]!])).rejects.toBeInstanceOf(SectionError);
    await deleteSection(statement.id);
    expect(await listSectionsForAdmin()).toHaveLength(2);
  });

  it("uploads artist photos under the artist-photo folder, edits, reorders and deletes them", async () => {
    expect(
      ArtistPhotoFields.safeParse({
        altText: "  ",
        caption: "",
        displayOrder: 0,
        isFeaturedHomepage: false,
        isFeaturedAbout: false,
      }).success,
    ).toBe(false);
    const first = await uploadArtistPhoto({
      bytes: await solidPicture(300, 360, "#345"),
      fileName: "At the Easel.JPG",
      altText: "The artist at the easel",
      caption: "Spring",
      isFeaturedHomepage: true,
      isFeaturedAbout: true,
    });
    const second = await uploadArtistPhoto({
      bytes: await solidPicture(300, 360, "#678"),
      fileName: "At the Easel.JPG",
      altText: "The studio wall",
      caption: "",
      isFeaturedHomepage: false,
      isFeaturedAbout: true,
    });
    expect([first.filePath, second.filePath]).toEqual([
      "artist-photos/at-the-easel.jpg",
      "artist-photos/at-the-easel-2.jpg",
    ]);
    expect([first.displayOrder, second.displayOrder]).toEqual([0, 1]);
    expect(second.caption).toBeNull();
    await expect(
      uploadArtistPhoto({
        bytes: Buffer.from("not an image"),
        fileName: "x.jpg",
        altText: "x",
        caption: "",
        isFeaturedHomepage: false,
        isFeaturedAbout: false,
      }),
    ).rejects.toBeInstanceOf(MediaError);
    expect(await ctx.handle.db.select().from(fileUploads)).toHaveLength(2);

    expect((await listArtistPhotos({ homepage: true })).map((p) => p.altText)).toEqual(["The artist at the easel"]);
    await updateArtistPhoto(second.id, { caption: "Late light", isFeaturedHomepage: true });
    await reorderArtistPhotos([second.id, first.id]);
    expect((await listArtistPhotos({ homepage: true })).map((p) => [p.altText, p.caption])).toEqual([
      ["The studio wall", "Late light"],
      ["The artist at the easel", "Spring"],
    ]);
    expect((await loadAboutPage()).portraits.map((p) => p.altText)).toEqual([
      "The studio wall",
      "The artist at the easel",
    ]);
    await deleteArtistPhoto(first.id);
    expect((await listArtistPhotosForAdmin()).map((p) => p.id)).toEqual([second.id]);
  });

  it("renders the biography from Markdown, sanitized", async () => {
    await savePageContent("about", {
      biography:
        "A **painter** in New Orleans.\n\n## Training\n\n<script>alert('x')</script><img src=x onerror=alert(1)>",
    });
    const { biographyHtml } = await loadAboutPage();
    expect(biographyHtml).toContain("<p>A <strong>painter</strong> in New Orleans.</p>");
    expect(biographyHtml).toContain("<h4>Training</h4>");
    expect(biographyHtml).not.toMatch(/script|onerror|alert/);
  });
  it("Upload Photos with the image store out of reach says so (503) and records nothing", async () => {
    const before = await ctx.handle.db.select().from(fileUploads);
    const form = new FormData();
    form.set("altText", "The artist in the garden");
    form.set("caption", "");
    form.append(
      "photo",
      new Blob([new Uint8Array(await solidPicture(300, 360, "#4a5"))], { type: "image/jpeg" }),
      "garden.jpg",
    );
    const cookie = await adminCookie();
    const answer = await whileStoreRefusesWrites(() =>
      callRoute(uploadPhotosRoute.action, "/admin/artist-photos", { form, cookie }),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ ok: false, error: STORE_UNAVAILABLE });
    expect(await ctx.handle.db.select().from(fileUploads)).toEqual(before);
  });
});
