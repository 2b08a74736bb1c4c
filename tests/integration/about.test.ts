import { beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/logger.server";
import { loadAboutPage } from "~/modules/content/about-page.server";
import { addArtistPhoto, savePageContent } from "~/modules/content/content.server";
import { DEFAULT_HIGHLIGHTS } from "~/modules/content/sections";
import { ingestImage } from "~/modules/media/media.server";
import * as about from "~/routes/site/about";
import { services, setServices } from "~/services.server";
import { failingDatabase } from "../support/failing-database";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { renderRoute } from "../support/render-route";

const photo = async (background: string) => ingestImage(await solidPicture(300, 360, background));

describe.each(BACKENDS)("the about page on %s", (backend) => {
  useTestServices(backend);
  beforeAll(async () => {
    await savePageContent("about", {
      title: "About the Artist",
      biography: "First paragraph of the life.\n\nSecond paragraph of the life.",
      statement: "I paint the weather.",
      cv: [{ heading: "Solo exhibitions", entries: ["2025 · Tidewater, New Orleans"] }],
    });
    const [a, b, c] = [await photo("#345"), await photo("#876"), await photo("#a55")];
    await addArtistPhoto({
      fileName: "second.jpg",
      mediaAssetId: b.id,
      altText: "At the easel",
      caption: "Spring",
      displayOrder: 2,
      isFeaturedAbout: true,
    });
    await addArtistPhoto({
      fileName: "first.jpg",
      mediaAssetId: a.id,
      altText: "The artist in the studio",
      caption: "Winter",
      displayOrder: 1,
      isFeaturedAbout: true,
    });
    await addArtistPhoto({
      fileName: "home-only.jpg",
      mediaAssetId: c.id,
      altText: "Homepage only",
      displayOrder: 0,
      isFeaturedHomepage: true,
    });
  });

  it("gives the stored content, the default highlights, and the photos featured on the about page in order", async () => {
    const page = await loadAboutPage();
    expect(page.photosFailed).toBe(false);
    expect(page.content).toMatchObject({
      title: "About the Artist",
      statement: "I paint the weather.",
      highlights: DEFAULT_HIGHLIGHTS,
    });
    expect(page.portraits.map((p) => [p.altText, p.caption])).toEqual([
      ["The artist in the studio", "Winter"],
      ["At the easel", "Spring"],
    ]);
  });

  it("renders the biography in paragraphs, the portraits with their alt text, highlights and CV", async () => {
    const html = await renderRoute(about, "/about");
    expect(html).toMatch(/<h1[^>]*>About the Artist<\/h1>/);
    expect(html).toContain(">First paragraph of the life.</p>");
    expect(html).toContain(">Second paragraph of the life.</p>");
    expect(html).toContain('alt="The artist in the studio"');
    expect(html).toContain('alt="At the easel"');
    expect(html).not.toContain("Homepage only");
    for (const h of DEFAULT_HIGHLIGHTS) expect(html).toContain(h.text);
    expect(html).toContain("Solo exhibitions");
    expect(html).toContain("Tidewater, New Orleans");
    expect(html).not.toContain("default-portrait");
  });
});

describe("the about page when the artist photos cannot be loaded", () => {
  useTestServices("pglite");
  const logger = createLogger("silent");
  beforeAll(async () => {
    await savePageContent("about", { biography: "A painter." });
    // The photo query (a select) fails; the page content (a relational query) still loads.
    const real = services().db;
    const failing = failingDatabase("connection reset");
    const db = new Proxy(real, {
      get: (target, prop, receiver) =>
        prop === "select" ? failing.select.bind(failing) : (Reflect.get(target, prop, receiver) as unknown),
    });
    setServices({ ...services(), db, logger });
  });

  it("logs the error and shows the default portrait", async () => {
    const error = vi.spyOn(logger, "error");
    const page = await loadAboutPage();
    expect(page).toMatchObject({ portraits: [], photosFailed: true, content: { biography: "A painter." } });
    expect(error).toHaveBeenCalledTimes(1);
    const html = await renderRoute(about, "/about");
    expect(html).toContain('src="/images/default-portrait.svg"');
    expect(html).toContain("A painter.");
  });
});
