// Bench fixture (run with `npx tsx`): Bulk Import of a 1,000-row spreadsheet through the app's own import
// module (the code /admin/import calls), on a fresh database: upload+parse, preview, dry run, the import
// itself (1,000 new works in one transaction), the export of the catalogue, and the re-import of that export
// (1,000 updates). Prints one JSON line of timings in ms.
//   npx tsx scripts/bench/import-rows.ts --data-dir DIR [--database-url URL] [--rows 1000] [--format csv|xlsx]
import { openScriptServices, scriptArgs } from "./lib/script-services";
import { performance } from "node:perf_hooks";
import { artworks } from "~/db/schema";
import { exportCatalogue } from "~/modules/catalog/import/export.server";
import { TEMPLATE_HEADERS } from "~/modules/catalog/import/fields";
import { createImportUpload, previewImport, runImport } from "~/modules/catalog/import/import.server";
import { writeCsv, writeXlsx } from "~/modules/catalog/import/spreadsheet.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { setServices } from "~/services.server";

const MEDIUMS = ["Oil on canvas", "Acrylic on panel", "Oil on linen", "Mixed media on paper"];
const CATEGORIES = ["Landscapes", "Abstracts", "Studies", "Portraits"];
const SERIES = ["Harbour", "Ledger", "Weather"];

/** The template's columns, filled as an artist would: every field, categories, series and tags. */
function sheetRows(n: number): (string | number | null)[][] {
  const rows: (string | number | null)[][] = [];
  for (let i = 0; i < n; i++) {
    const values: Record<string, string | number | null> = {
      Title: `Bench work ${i + 1}`,
      Description: "A study in layered colour, scraped back and worked again over many weeks.",
      Medium: MEDIUMS[i % MEDIUMS.length]!,
      Year: 2000 + (i % 25),
      Size: '24" x 36"',
      "Price (USD)": `${1000 + i}.00`,
      Availability: i % 5 === 0 ? "sold" : "available",
      Featured: i < 3 ? "yes" : "no",
      Quantity: i % 5 === 0 ? 0 : 1,
      Category: CATEGORIES[i % CATEGORIES.length]!,
      Series: SERIES[i % SERIES.length]!,
      Tags: `blue; layer ${i % 10}`,
    };
    rows.push(TEMPLATE_HEADERS.map((h) => values[h] ?? null));
  }
  return rows;
}

async function main() {
  const { dataDir, databaseUrl, values } = scriptArgs({
    rows: { type: "string", default: "1000" },
    format: { type: "string", default: "csv" },
  });
  const format = values.format === "xlsx" ? "xlsx" : "csv";
  const n = Number(values.rows);

  const handle = await openScriptServices({ dataDir, databaseUrl });
  try {
    await saveSettings({ siteTitle: "Atelier import bench", artistName: "The Artist" }, handle.db);

    const rows = sheetRows(n);
    const bytes = format === "csv" ? writeCsv(TEMPLATE_HEADERS, rows) : await writeXlsx(TEMPLATE_HEADERS, rows);
    const t0 = performance.now();
    const id = await createImportUpload({ fileName: `bench.${format}`, bytes: new Uint8Array(bytes) });
    const t1 = performance.now();
    const preview = await previewImport(id);
    const t2 = performance.now();
    const dry = await runImport(id, { dryRun: true });
    const t3 = performance.now();
    const done = await runImport(id, { dryRun: false });
    const t4 = performance.now();
    if (preview.errors.length || !dry.ok || !done.ok || done.created !== n)
      throw new Error(`import failed: ${JSON.stringify({ errors: preview.errors.slice(0, 3), dry, done })}`);
    const counted = await handle.db.$count(artworks);
    if (counted !== n) throw new Error(`expected ${n} artworks, found ${counted}`);

    const exported = await exportCatalogue(format);
    const t5 = performance.now();
    const again = await createImportUpload({ fileName: exported.fileName, bytes: new Uint8Array(exported.bytes) });
    const reimport = await runImport(again, { dryRun: false });
    const t6 = performance.now();
    if (!reimport.ok || reimport.updated !== n) throw new Error(`re-import failed: ${JSON.stringify(reimport)}`);

    const ms = (v: number) => Math.round(v);
    process.stdout.write(
      `${JSON.stringify({
        rows: n,
        format,
        fileBytes: bytes.length,
        uploadParseMs: ms(t1 - t0),
        previewMs: ms(t2 - t1),
        dryRunMs: ms(t3 - t2),
        importMs: ms(t4 - t3),
        uploadToImportedMs: ms(t4 - t0 - (t3 - t2) - (t2 - t1)),
        exportMs: ms(t5 - t4),
        reimportUpdatesMs: ms(t6 - t5),
      })}\n`,
    );
  } finally {
    setServices(undefined);
    await handle.close();
  }
}

await main();
