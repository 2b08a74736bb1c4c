import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { createLogger } from "~/logger.server";
import { createSection } from "~/modules/content/content.server";
import * as home from "~/routes/site/home";
import { services, setServices } from "~/services.server";
import { useTestServices } from "../support/harness";
import { renderRoute } from "../support/render-route";

describe("the home page when the artist photos cannot be loaded", () => {
  useTestServices("pglite");
  const logger = createLogger("silent");
  beforeAll(async () => {
    setServices({ ...services(), logger });
    await createSection({
      sectionType: "artist_statement",
      sectionOrder: 0,
      isPublished: true,
      content: { title: "About the Artist" },
    });
    // Only the artist-photo query fails (its table is gone); everything else reads the real database. No module
    // is replaced, so the file runs in Vitest's shared process like every other (vitest.config.ts).
    await db().execute(sql`alter table file_uploads rename to file_uploads_gone`);
  });

  it("logs the error and shows the statement with the default portrait", async () => {
    const error = vi.spyOn(logger, "error");
    const page = await home.loader();
    expect(page.sectionsFailed).toBe(false);
    expect(page.sections.find((s) => s.type === "artist_statement")).toMatchObject({ portrait: null });
    expect(error.mock.calls.map((call) => call[1])).toEqual([
      "failed to load artist photos for the homepage; showing the default portrait",
    ]);
    const html = await renderRoute(home);
    expect(html).toContain('src="/images/default-portrait.svg"');
    expect(html).toContain('alt="Illustrated portrait of the artist in the studio"');
  });

  it("does not keep a read whose photos failed: the next visitor's load tries again", async () => {
    const error = vi.spyOn(logger, "error");
    error.mockClear();
    await home.loader();
    await home.loader();
    expect(error.mock.calls.map((call) => call[1])).toEqual([
      "failed to load artist photos for the homepage; showing the default portrait",
      "failed to load artist photos for the homepage; showing the default portrait",
    ]);
  });
});
