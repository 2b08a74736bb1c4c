// The admin's Categorization page (spec 2.25) through its module: terms are created, renamed, assigned,
// merged and deleted, each mistake refused with a message the page shows beside the field, and the gallery's
// category filter follows every change.
import { describe, expect, it } from "vitest";
import { createArtwork, searchArtworks, slugify } from "~/modules/catalog/catalog.server";
import * as taxonomy from "~/modules/catalog/taxonomy.server";
import { BACKENDS, useTestServices } from "../support/harness";

const work = (title: string) =>
  createArtwork({ title, slug: slugify(title), medium: "Oil on canvas", year: 2024, availability: "available" });

const countOf = async (name: string) =>
  (await taxonomy.listTerms("category")).find((t) => t.name === name)?.artworkCount;

const galleryTitles = async (category: string) =>
  (await searchArtworks({ category, limit: 50 })).artworks.map((a) => a.title).sort();

describe.each(BACKENDS)("categories, series and tags on %s", (backend) => {
  useTestServices(backend);

  it("creates a term with a slug of its own, and refuses a duplicate name, a comma or an empty name", async () => {
    const seascapes = await taxonomy.createTerm("category", "  Seascapes ");
    expect(seascapes).toMatchObject({ kind: "category", name: "Seascapes", slug: "seascapes" });
    await expect(taxonomy.createTerm("category", "seascapes")).rejects.toThrow(
      new taxonomy.TaxonomyError("There is already a category named “seascapes”."),
    );
    // The same name is free in another kind; a name that slugs the same takes the next free slug.
    expect((await taxonomy.createTerm("series", "Seascapes")).slug).toBe("seascapes");
    expect((await taxonomy.createTerm("category", "Seascapes!")).slug).toBe("seascapes-2");
    await expect(taxonomy.createTerm("category", "Sea, sky")).rejects.toThrow(
      "A name cannot contain a comma or a semicolon.",
    );
    await expect(taxonomy.createTerm("tag", "   ")).rejects.toThrow("Enter a name.");
    await expect(taxonomy.createTerm("tag", "x".repeat(81))).rejects.toThrow("Use at most 80 characters.");
  });

  it("assigns a term to works and takes it off them, counting only the works that changed", async () => {
    const marsh = await work("Marsh at Dusk");
    const harbour = await work("Harbour Lights");
    const term = await taxonomy.createTerm("category", "Coastal");
    expect(await taxonomy.assignTerm(term.id, [marsh.id, harbour.id, marsh.id], "add")).toBe(2);
    expect(await taxonomy.assignTerm(term.id, [marsh.id], "add")).toBe(0);
    expect(await countOf("Coastal")).toBe(2);
    expect(await galleryTitles("coastal")).toEqual(["Harbour Lights", "Marsh at Dusk"]);
    expect(await taxonomy.assignTerm(term.id, [harbour.id], "remove")).toBe(1);
    expect(await galleryTitles("coastal")).toEqual(["Marsh at Dusk"]);
  });

  it("renames a term, its slug following, and refuses a name another term of the kind has", async () => {
    const fields = await work("Wheat Fields");
    const term = await taxonomy.createTerm("category", "Landscape");
    await taxonomy.createTerm("category", "Abstract");
    await taxonomy.assignTerm(term.id, [fields.id], "add");
    const renamed = await taxonomy.renameTerm(term.id, "Landscapes");
    expect(renamed).toMatchObject({ name: "Landscapes", slug: "landscapes" });
    expect(await galleryTitles("landscapes")).toEqual(["Wheat Fields"]);
    expect((await taxonomy.termsForArtworks([fields.id])).get(fields.id)?.category).toEqual(["Landscapes"]);
    await expect(taxonomy.renameTerm(term.id, "abstract")).rejects.toThrow(
      "There is already a category named “abstract”. Merge them instead.",
    );
  });

  it("merges terms: their works move onto the target once, the others go; only terms of one kind", async () => {
    const both = await work("Both Worlds");
    const onlyA = await work("Only Florals");
    const target = await taxonomy.createTerm("category", "Flowers");
    const source = await taxonomy.createTerm("category", "Florals");
    await taxonomy.assignTerm(target.id, [both.id], "add");
    await taxonomy.assignTerm(source.id, [both.id, onlyA.id], "add");
    const tag = await taxonomy.createTerm("tag", "Botanical");
    await expect(taxonomy.mergeTerms([tag.id], target.id)).rejects.toThrow(
      "Only terms of the same kind can be merged (a category with categories).",
    );
    await expect(taxonomy.mergeTerms([target.id], target.id)).rejects.toThrow(
      "Choose at least one other term to merge into this one.",
    );
    await taxonomy.mergeTerms([source.id], target.id);
    expect(await countOf("Flowers")).toBe(2);
    expect(await countOf("Florals")).toBeUndefined();
    expect(await galleryTitles("flowers")).toEqual(["Both Worlds", "Only Florals"]);
    await expect(taxonomy.mergeTerms([source.id], target.id)).rejects.toThrow(
      "Some of the chosen terms no longer exist.",
    );
  });

  it("deletes a term: its works stay, without it; a term already gone is said so", async () => {
    const still = await work("Still Life with Pears");
    const term = await taxonomy.createTerm("category", "Interiors");
    await taxonomy.assignTerm(term.id, [still.id], "add");
    await taxonomy.deleteTerm(term.id);
    expect(await countOf("Interiors")).toBeUndefined();
    expect((await taxonomy.termsForArtworks([still.id])).get(still.id)?.category ?? []).toEqual([]);
    expect((await searchArtworks({ q: "pears", limit: 50 })).artworks.map((a) => a.title)).toEqual([
      "Still Life with Pears",
    ]);
    await expect(taxonomy.deleteTerm(term.id)).rejects.toThrow("This term no longer exists.");
    await expect(taxonomy.assignTerm(term.id, [still.id], "add")).rejects.toThrow("This term no longer exists.");
  });
});
