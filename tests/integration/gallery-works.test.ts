// What the lightbox reads to step through the whole gallery (/api/gallery-works): every work the gallery's
// filters find, in the gallery's order, whatever page it was opened on.
import { describe, expect, it } from "vitest";
import { GALLERY_PAGE_SIZE } from "~/lib/gallery-query";
import { loader } from "~/routes/resources/gallery-works";
import { BACKENDS, useTestServices } from "../support/harness";
import { callRoute, seedWork } from "../support/shop-data";

describe.each(BACKENDS)("the gallery's works for the lightbox on %s", (backend) => {
  useTestServices(backend);

  it("lists every work the filters find, past one page of the gallery, and ignores the page", async () => {
    for (let i = 0; i < GALLERY_PAGE_SIZE + 4; i++) await seedWork({ title: `Tide ${i}` });
    for (let i = 0; i < 3; i++) await seedWork({ title: `Ember ${i}`, availability: "sold" });
    const all = (await callRoute(loader, "/api/gallery-works?page=2")).body as {
      artworks: { title: string }[];
      total: number;
    };
    expect(all.total).toBe(GALLERY_PAGE_SIZE + 7);
    expect(all.artworks).toHaveLength(GALLERY_PAGE_SIZE + 7);
    const sold = (await callRoute(loader, "/api/gallery-works?availability=sold")).body as typeof all;
    expect(sold.artworks.map((a) => a.title).sort()).toEqual(["Ember 0", "Ember 1", "Ember 2"]);
    expect(sold.total).toBe(3);
  });
});
