// Bulk import on real databases: every row or none, the dry run, images from a ZIP or already uploaded,
// updates by slug, and the export that imports back to the same catalogue.
import { eq as sqlEq, sql } from "drizzle-orm";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { artworks, artworkTerms, catalogImports, mediaAssets, terms } from "~/db/schema";
import { createArtwork, slugify } from "~/modules/catalog/catalog.server";
import { exportCatalogue } from "~/modules/catalog/import/export.server";
import { TEMPLATE_HEADERS } from "~/modules/catalog/import/fields";
import {
  createImportUpload,
  listRecentImports,
  previewImport,
  runImport,
  saveImportMapping,
} from "~/modules/catalog/import/import.server";
import { writeCsv } from "~/modules/catalog/import/spreadsheet.server";
import { assignTerm, createTerm, termsForArtworks } from "~/modules/catalog/taxonomy.server";
import { ingestImage, STORE_UNAVAILABLE } from "~/modules/media/media.server";
import { counting, whileStoreRefusesWrites } from "../support/counting-storage";
import { services, setServices } from "~/services.server";
import { markOrderPaid, refundOrder } from "~/modules/shop/order-actions.server";
import { BACKENDS, useTestServices } from "../support/harness";
import { solidPicture } from "../support/images";
import { orderOne, placedOrderOf, seedShopSettings, seedWork, stockRow } from "../support/shop-data";

const sqlRaw = (text: string) => sql.raw(text);

const csv = (rows: (string | number | null)[][], headers: string[] = TEMPLATE_HEADERS) =>
  new Uint8Array(writeCsv(headers, rows));

/** A catalogue row in the template's column order. */
function row(values: Partial<Record<(typeof TEMPLATE_HEADERS)[number], string | number>>): (string | number | null)[] {
  return TEMPLATE_HEADERS.map((h) => values[h] ?? null);
}

describe.each(BACKENDS)("catalogue import on %s", (backend) => {
  const ctx = useTestServices(backend);

  const count = async () => (await ctx.handle.db.select({ id: artworks.id }).from(artworks)).length;

  it("imports nothing when any row is bad, and everything once the file is fixed", async () => {
    const before = await count();
    const good = Array.from({ length: 50 }, (_, i) =>
      row({
        Title: `Batch work ${i + 1}`,
        Medium: "Oil on canvas",
        Year: 2020 + (i % 5),
        "Price (USD)": 1000 + i,
        Availability: i % 7 === 0 ? "sold" : "available",
        Category: i % 2 ? "Landscapes" : "Portraits",
      }),
    );
    const bad = good.map((r) => [...r]);
    bad[9]![TEMPLATE_HEADERS.indexOf("Price (USD)")] = "a lot";
    bad[30]![TEMPLATE_HEADERS.indexOf("Title")] = "";

    const badId = await createImportUpload({ fileName: "works.csv", bytes: csv(bad) });
    const preview = await previewImport(badId);
    expect(preview.errors.map((e) => [e.line, e.field])).toEqual([
      [11, "price"],
      [32, "title"],
    ]);
    expect(preview.creates).toBe(50);
    // The page's data goes to the browser whole: it names the file, never where it is stored or who sent it.
    for (const shown of [preview.upload, ...(await listRecentImports())]) {
      expect(shown).not.toHaveProperty("sourceKey");
      expect(shown).not.toHaveProperty("imagesKey");
      expect(shown).not.toHaveProperty("createdBy");
    }
    expect(preview.upload.fileName).toBe("works.csv");

    for (const dryRun of [true, false]) {
      const outcome = await runImport(badId, { dryRun });
      expect(outcome.ok).toBe(false);
      if (!outcome.ok) expect(outcome.message).toMatch(/Nothing was imported: 2 rows have problems/);
    }
    expect(await count()).toBe(before);
    expect(await ctx.handle.db.select().from(terms)).toHaveLength(0);

    const goodId = await createImportUpload({ fileName: "works-fixed.csv", bytes: csv(good) });
    const dry = await runImport(goodId, { dryRun: true });
    expect(dry).toMatchObject({ ok: true, dryRun: true, created: 50, updated: 0 });
    expect(await count()).toBe(before);
    expect(await ctx.handle.db.select().from(terms)).toHaveLength(0);

    const done = await runImport(goodId, { dryRun: false });
    expect(done).toMatchObject({ ok: true, dryRun: false, created: 50, updated: 0 });
    expect(await count()).toBe(before + 50);
    const landscapes = await ctx.handle.db.select().from(terms);
    expect(landscapes.map((t) => t.name).sort()).toEqual(["Landscapes", "Portraits"]);
    expect(await ctx.handle.db.select().from(artworkTerms)).toHaveLength(50);
    // Importing the same upload twice is refused.
    expect(await runImport(goodId, { dryRun: false })).toMatchObject({ ok: false });
    const [upload] = await ctx.handle.db.select().from(catalogImports).where(sqlEq(catalogImports.id, goodId));
    expect(upload).toMatchObject({ status: "imported", createdCount: 50 });
    // The imported file is removed; its page still tells what the import did (it used to fail as "gone").
    const after = await previewImport(goodId);
    expect(after.upload.status).toBe("imported");
    expect([after.creates, after.updates, after.rows.length, after.errors.length]).toEqual([50, 0, 0, 0]);
  });

  it("rolls the whole transaction back when the database refuses one row", async () => {
    const before = await count();
    // The file is fine; a constraint the checks cannot see (added for this test) refuses the second row.
    const id = await createImportUpload({
      fileName: "race.csv",
      bytes: csv([row({ Title: "Race one", Slug: "race-one" }), row({ Title: "Race two", Slug: "race-two" })]),
    });
    expect((await previewImport(id)).errors).toEqual([]);
    await ctx.handle.db.execute(
      sqlRaw(`alter table artworks add constraint test_no_race_two check (slug <> 'race-two')`),
    );
    try {
      const outcome = await runImport(id, { dryRun: false });
      expect(outcome).toMatchObject({ ok: false });
      if (!outcome.ok) expect(outcome.message).toMatch(/^Nothing was imported/);
      expect(await count()).toBe(before);
      expect((await ctx.handle.db.select().from(artworks)).some((a) => a.slug === "race-one")).toBe(false);
    } finally {
      await ctx.handle.db.execute(sqlRaw(`alter table artworks drop constraint test_no_race_two`));
    }
  });

  it("imports a file once when Import is sent twice at the same moment (a double click, a second tab)", async () => {
    const before = await count();
    const zip = zipSync({ "twice.jpg": new Uint8Array(await solidPicture(240, 180, "#2a6")) });
    // Works without a slug in the file: a second import would make them again as "-2", a second copy on sale.
    const id = await createImportUpload({
      fileName: "twice.csv",
      bytes: csv([row({ Title: "Sent twice", Image: "twice.jpg" }), row({ Title: "Sent twice too" })]),
      zip: { fileName: "twice.zip", bytes: zip },
    });
    const outcomes = await Promise.all([runImport(id, { dryRun: false }), runImport(id, { dryRun: false })]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    const refused = outcomes.find((o) => !o.ok);
    expect(refused).toMatchObject({
      message: "This file has already been imported. Upload it again to import it once more.",
    });
    expect(await count()).toBe(before + 2);
    // Asked again later (a stale page): refused with the reason, never an error page.
    for (const dryRun of [true, false])
      expect(await runImport(id, { dryRun })).toMatchObject({
        ok: false,
        message: "This file has already been imported. Upload it again to import it once more.",
      });
  });

  it("says a second Import was already done when the first finished, and took its files, while it read them", async () => {
    const id = await createImportUpload({ fileName: "late.csv", bytes: csv([row({ Title: "Second press late" })]) });
    const before = await count();
    // The second press has read the upload (not imported yet) and reads its file only after the first press has
    // imported it and removed its files: what a double click meets on a busy server (seen on PostgreSQL).
    const real = services().storage;
    let first: Promise<unknown> | undefined;
    let reads = 0;
    setServices({
      ...services(),
      storage: {
        ...counting(real),
        get: async (key) => {
          if (++reads === 1) await (first = runImport(id, { dryRun: false }));
          return real.get(key);
        },
      },
    });
    try {
      const late = await runImport(id, { dryRun: false });
      expect(await first).toMatchObject({ ok: true, created: 1 });
      expect(late).toMatchObject({
        ok: false,
        message: "This file has already been imported. Upload it again to import it once more.",
      });
    } finally {
      setServices({ ...services(), storage: real });
    }
    expect(await count()).toBe(before + 1);
  });

  it("says the image store is out of reach when a ZIP's pictures cannot be stored, importing nothing", async () => {
    const before = await count();
    const zip = zipSync({ "unreached.jpg": new Uint8Array(await solidPicture(240, 180, "#a26")) });
    const id = await createImportUpload({
      fileName: "unreached.csv",
      bytes: csv([row({ Title: "Never stored", Image: "unreached.jpg" })]),
      zip: { fileName: "unreached.zip", bytes: zip },
    });
    const outcome = await whileStoreRefusesWrites(() => runImport(id, { dryRun: false }));
    expect(outcome).toEqual({
      ok: false,
      message: `Nothing was imported: ${STORE_UNAVAILABLE}`,
      errors: [],
      problems: [],
    });
    expect(await count()).toBe(before);
    // Once the store is back, the same upload imports.
    expect(await runImport(id, { dryRun: false })).toMatchObject({ ok: true, created: 1, images: 1 });
  });

  it("maps columns by header, takes images from a ZIP or the media library, and updates by slug", async () => {
    const uploaded = await ingestImage(await solidPicture(240, 180, "#345"), undefined, {
      originalName: "Studio Shot.JPG",
    });
    const zip = zipSync({
      "photos/tide.jpg": new Uint8Array(await solidPicture(240, 180, "#123")),
      "__MACOSX/photos/._tide.jpg": new Uint8Array([0, 1]),
      "broken.png": new Uint8Array([1, 2, 3]),
    });
    const headers = ["Name", "Cost", "Status", "Picture", "Tags", "Web address"];
    const id = await createImportUpload({
      fileName: "mine.csv",
      bytes: csv(
        [
          ["Tide", "2,400", "Available", "tide.jpg", "blue; water", "tide"],
          ["Studio", "", "NFS", "studio shot.jpg", "", ""],
        ],
        headers,
      ),
      zip: { fileName: "photos.zip", bytes: zip },
    });
    const preview = await previewImport(id);
    expect(preview.mapping).toMatchObject({ title: "Name", price: "Cost", availability: "Status", image: "Picture" });
    expect(preview.mapping.slug).toBeUndefined();
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map((r) => r.imageSource)).toEqual(["zip", "library"]);
    await saveImportMapping(id, { ...preview.mapping, slug: "Web address" });
    expect((await previewImport(id)).mapping.slug).toBe("Web address");

    expect(await runImport(id, { dryRun: false })).toMatchObject({ ok: true, created: 2, images: 1 });
    const rows = await ctx.handle.db.select().from(artworks);
    const tide = rows.find((a) => a.slug === "tide")!;
    const studio = rows.find((a) => a.title === "Studio")!;
    expect(tide).toMatchObject({ priceCents: 240000, availability: "available" });
    expect(studio).toMatchObject({ priceCents: null, availability: "not_for_sale", mainImageId: uploaded.id });
    const [tideImage] = await ctx.handle.db.select().from(mediaAssets).where(sqlEq(mediaAssets.id, tide.mainImageId!));
    expect(tideImage?.originalName).toBe("tide.jpg");
    expect(tide.mainImageUrl).toMatch(new RegExp(`^/media/${tideImage!.hash}/\\d+\\.webp$`));
    expect((await termsForArtworks([tide.id])).get(tide.id)?.tag).toEqual(["blue", "water"]);

    // A second file with the slug updates only the columns it has.
    const update = await createImportUpload({
      fileName: "update.csv",
      bytes: csv([["tide", "Tide (revised)", "sold", ""]], ["Slug", "Title", "Availability", "Tags"]),
    });
    expect(await runImport(update, { dryRun: false })).toMatchObject({ ok: true, created: 0, updated: 1 });
    const [revised] = await ctx.handle.db.select().from(artworks).where(sqlEq(artworks.id, tide.id));
    expect(revised).toMatchObject({ title: "Tide (revised)", availability: "sold", priceCents: 240000 });
    expect(revised!.mainImageId).toBe(tide.mainImageId);
    expect((await termsForArtworks([tide.id])).get(tide.id)).toBeUndefined();
  });

  it("refuses a ZIP image that is not a picture, naming the row", async () => {
    const id = await createImportUpload({
      fileName: "bad-image.csv",
      bytes: csv([row({ Title: "Broken", Image: "broken.png" })]),
      zip: { fileName: "x.zip", bytes: zipSync({ "broken.png": new Uint8Array([1, 2, 3, 4]) }) },
    });
    const before = await count();
    const outcome = await runImport(id, { dryRun: true });
    expect(outcome).toMatchObject({ ok: false });
    if (!outcome.ok) expect(outcome.errors[0]).toMatchObject({ line: 2, field: "image" });
    expect(await count()).toBe(before);
  });

  it("refuses ZIP and workbook bombs with a plain message before unpacking them (security item 17)", async () => {
    const before = (await ctx.handle.db.select({ id: catalogImports.id }).from(catalogImports)).length;
    // 20 MB of one letter packs into a few kilobytes.
    const filler = new Uint8Array(20 * 1024 * 1024).fill(65);
    const imageBomb = zipSync({ "a.jpg": filler }, { level: 9 });
    await expect(
      createImportUpload({
        fileName: "works.csv",
        bytes: csv([row({ Title: "One", Image: "a.jpg" })]),
        zip: { fileName: "images.zip", bytes: imageBomb },
      }),
    ).rejects.toMatchObject({ field: "images", message: expect.stringMatching(/ZIP bomb/) as unknown });
    const workbookBomb = zipSync(
      { "[Content_Types].xml": new TextEncoder().encode("<Types/>"), "xl/worksheets/sheet1.xml": filler },
      { level: 9 },
    );
    await expect(createImportUpload({ fileName: "works.xlsx", bytes: workbookBomb })).rejects.toMatchObject({
      field: "file",
      message: expect.stringMatching(
        /^This workbook has a file that unpacks to more than 250 times its size/,
      ) as unknown,
    });
    // Nothing was kept of either.
    expect((await ctx.handle.db.select({ id: catalogImports.id }).from(catalogImports)).length).toBe(before);
  });

  it("exports the catalogue in the import's format, and the export imports back to the same catalogue", async () => {
    const image = await ingestImage(await solidPicture(240, 180, "#654"), undefined, { originalName: "ledger.jpg" });
    const ledger = await createArtwork({
      slug: slugify("Salt Ledger"),
      title: "Salt Ledger",
      description: 'Graphite "tally" marks,\nover two lines.',
      medium: "Acrylic and graphite on canvas",
      year: 2025,
      size: '36" x 48"',
      priceCents: 540050,
      availability: "reserved",
      quantity: 1,
      isFeatured: true,
      sortOrder: 1,
      mainImageId: image.id,
      mainImageUrl: `/media/${image.hash}/240.webp`,
    });
    const series = await createTerm("series", "Ledger works");
    await assignTerm(series.id, [ledger.id], "add");

    const snapshot = async () => {
      const rows = await ctx.handle.db.select().from(artworks);
      const names = await termsForArtworks(rows.map((r) => r.id));
      return rows
        .map((r) => ({
          slug: r.slug,
          title: r.title,
          description: r.description,
          medium: r.medium,
          year: r.year,
          size: r.size,
          priceCents: r.priceCents,
          availability: r.availability,
          quantity: r.quantity,
          isFeatured: r.isFeatured,
          sortOrder: r.sortOrder,
          mainImageId: r.mainImageId,
          terms: names.get(r.id) ?? null,
        }))
        .sort((a, b) => a.slug.localeCompare(b.slug));
    };
    const before = await snapshot();

    for (const format of ["csv", "xlsx"] as const) {
      const file = await exportCatalogue(format);
      expect(file.fileName).toMatch(new RegExp(`^artworks-\\d{4}-\\d{2}-\\d{2}\\.${format}$`));
      // Into the same catalogue: every row is an update and nothing changes.
      const again = await createImportUpload({ fileName: file.fileName, bytes: file.bytes });
      const preview = await previewImport(again);
      expect(preview.errors).toEqual([]);
      expect(preview.updates).toBe(before.length);
      expect(await runImport(again, { dryRun: false })).toMatchObject({ ok: true, created: 0, updated: before.length });
      expect(await snapshot()).toEqual(before);
    }

    // Into an empty catalogue: the same works come back (ids aside), images found by their file names.
    const file = await exportCatalogue("xlsx");
    await ctx.handle.db.delete(artworks);
    await ctx.handle.db.delete(terms);
    const fresh = await createImportUpload({ fileName: file.fileName, bytes: file.bytes });
    expect(await runImport(fresh, { dryRun: false })).toMatchObject({ ok: true, created: before.length });
    expect(await snapshot()).toEqual(before);
  });

  it("exports new uploads' zero or negative sort order as positions the import accepts", async () => {
    // Artwork Upload places a new work before the first one (sort order min - 1), which can go below 1.
    for (const [title, sortOrder] of [
      ["Order minus two", -2],
      ["Order zero", 0],
      ["Order five", 5],
    ] as const)
      await createArtwork({ slug: slugify(title), title, sortOrder, quantity: 1 });
    const order = async () =>
      (await ctx.handle.db.select({ slug: artworks.slug, sortOrder: artworks.sortOrder }).from(artworks))
        .filter((r) => r.sortOrder !== null)
        .sort((a, b) => a.sortOrder! - b.sortOrder!)
        .map((r) => r.slug);
    const before = await order();
    expect(before.slice(0, 2)).toEqual(["order-minus-two", "order-zero"]);
    const file = await exportCatalogue("csv");
    const id = await createImportUpload({ fileName: file.fileName, bytes: file.bytes });
    expect((await previewImport(id)).errors).toEqual([]);
    expect(await runImport(id, { dryRun: false })).toMatchObject({ ok: true, created: 0 });
    expect(await order()).toEqual(before);
    // And the next export is the same file.
    expect((await exportCatalogue("csv")).bytes.toString()).toBe(file.bytes.toString());
  });

  it("keeps the reservation of a work ordered after the export, and says so in the preview", async () => {
    await seedShopSettings();
    const id = await seedWork({ title: "Ordered After The Export" });
    const file = await exportCatalogue("csv"); // the artist exports the catalogue
    const placed = await placedOrderOf(id); // a buyer orders the work meanwhile

    // The artist imports the export unchanged: it said Available, 1.
    const upload = await createImportUpload({ fileName: file.fileName, bytes: file.bytes });
    const preview = await previewImport(upload);
    expect(preview.errors).toEqual([]);
    const [line] = preview.rows.filter((r) => r.title === "Ordered After The Export");
    expect(line).toMatchObject({
      action: "update",
      kept: `Availability and quantity stay as they are: Order ${placed.number} is waiting for payment for this work.`,
    });
    expect(await runImport(upload, { dryRun: false })).toMatchObject({ ok: true, created: 0 });

    expect(await stockRow(id)).toMatchObject({ quantity: 0, availability: "reserved" });
    expect((await orderOne(id, { email: "second.buyer@example.com" })).ok).toBe(false);
  });

  it("does not put back on sale or restock a work sold after the export; lowering it and refunded sales go through", async () => {
    await seedShopSettings();
    const original = await seedWork({ title: "Sold After The Export" });
    const edition = await seedWork({ title: "Edition Sold After The Export", quantity: 5 });
    const refunded = await seedWork({ title: "Refunded After The Export" });
    const file = await exportCatalogue("csv"); // the artist exports: all three Available, 1 or 5
    const paidFor = async (id: string, quantity = 1) => {
      const placed = await placedOrderOf(id, { items: [{ artworkId: id, quantity }] });
      return markOrderPaid(placed.id, { kind: "system" });
    };
    const sold = await paidFor(original); // the original is sold and paid for
    const soldPieces = await paidFor(edition, 2); // two pieces of the edition too
    await refundOrder((await paidFor(refunded)).id, { kind: "system" }); // a sale refunded: the work is free again
    // and the artist withdrew it
    await ctx.handle.db.update(artworks).set({ availability: "not_for_sale" }).where(sqlEq(artworks.id, refunded));
    expect(await stockRow(original)).toMatchObject({ quantity: 0, availability: "sold" });
    expect(await stockRow(edition)).toMatchObject({ quantity: 3, availability: "available" });

    // The old export, imported unchanged: the preview says which rows keep their stock, naming the sale.
    const upload = await createImportUpload({ fileName: file.fileName, bytes: file.bytes });
    const preview = await previewImport(upload);
    expect(preview.errors).toEqual([]);
    const keptOf = (title: string) => preview.rows.find((r) => r.title === title)?.kept;
    const soldBy = (number: string) =>
      `Availability and quantity stay as they are: Order ${number} sold this work. To put it back on sale or raise its quantity, change it on the work's page.`;
    expect(keptOf("Sold After The Export")).toBe(soldBy(sold.number));
    expect(keptOf("Edition Sold After The Export")).toBe(soldBy(soldPieces.number));
    expect(keptOf("Refunded After The Export")).toBeNull();
    expect(preview.kept.map((k) => k.message)).toEqual(
      expect.arrayContaining([soldBy(sold.number), soldBy(soldPieces.number)]),
    );
    expect(await runImport(upload, { dryRun: false })).toMatchObject({ ok: true, created: 0 });

    // Nothing was put back on sale: a second buyer cannot buy the sold original, nor more pieces than are left.
    expect(await stockRow(original)).toMatchObject({ quantity: 0, availability: "sold" });
    expect(await stockRow(edition)).toMatchObject({ quantity: 3, availability: "available" });
    expect((await orderOne(original, { email: "second.buyer@example.com" })).ok).toBe(false);
    // A refunded sale no longer counts: the file puts that work back on sale.
    expect(await stockRow(refunded)).toMatchObject({ quantity: 1, availability: "available" });

    // Lowering the stock of a sold work stays allowed.
    const slugOf = async (id: string) =>
      (await ctx.handle.db.select({ slug: artworks.slug }).from(artworks).where(sqlEq(artworks.id, id)))[0]!.slug;
    const lower = await createImportUpload({
      fileName: "lower.csv",
      bytes: csv(
        [
          ["Sold After The Export", await slugOf(original), "not for sale", 0],
          ["Edition Sold After The Export", await slugOf(edition), "available", 1],
        ],
        ["Title", "Slug", "Availability", "Quantity"],
      ),
    });
    expect((await previewImport(lower)).kept).toEqual([]);
    expect(await runImport(lower, { dryRun: false })).toMatchObject({ ok: true, updated: 2 });
    expect(await stockRow(original)).toMatchObject({ quantity: 0, availability: "not_for_sale" });
    expect(await stockRow(edition)).toMatchObject({ quantity: 1, availability: "available" });
  });

  it("imports 1,000 rows in one transaction (time printed, not asserted)", async () => {
    const rows = Array.from({ length: 1000 }, (_, i) =>
      row({
        Title: `Bench work ${i + 1}`,
        Description: "A study in layered colour, scraped back and worked again over many weeks.",
        Medium: i % 2 ? "Oil on canvas" : "Acrylic on panel",
        Year: 2000 + (i % 25),
        Size: '24" x 36"',
        "Price (USD)": `${1000 + i}.00`,
        Availability: i % 5 === 0 ? "sold" : "available",
        Featured: i < 3 ? "yes" : "no",
        Quantity: 1,
        Category: ["Landscapes", "Abstract", "Portraits"][i % 3]!,
        Series: `Series ${i % 10}`,
        Tags: `tag-${i % 20}; tag-${(i + 7) % 20}`,
      }),
    );
    const before = await count();
    const started = performance.now();
    const id = await createImportUpload({ fileName: "bench.csv", bytes: csv(rows) });
    const uploaded = performance.now();
    const outcome = await runImport(id, { dryRun: false });
    const done = performance.now();
    expect(outcome).toMatchObject({ ok: true, created: 1000 });
    expect(await count()).toBe(before + 1000);
    console.info(
      `[bench] import of 1,000 rows on ${backend}: upload+parse ${Math.round(uploaded - started)} ms, check+import ${Math.round(done - uploaded)} ms, total ${Math.round(done - started)} ms`,
    );
  });
});
