// import: Bulk Import of a 1,000-row CSV through the app's import module (what /admin/import runs), on a
// fresh PGlite data directory and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a fresh database
// of that PostgreSQL server. Each run is its own process on its own database; medians over the runs.
import { log, ms, printTable } from "../lib/format.mjs";
import { adminUrl, createDatabase } from "../lib/pg.mjs";
import { discardDataDir, runJsonScript, tempDir } from "../lib/server.mjs";
import { median } from "../lib/stats.mjs";

export const IMPORT_ROWS = 1000;

function importOnce(dataDir, databaseUrl) {
  const args = ["--data-dir", dataDir, "--rows", String(IMPORT_ROWS)];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  return runJsonScript("import-rows", args);
}

const KEYS = [
  "uploadParseMs",
  "previewMs",
  "dryRunMs",
  "importMs",
  "uploadToImportedMs",
  "exportMs",
  "reimportUpdatesMs",
];

export async function importScenario({ runs }) {
  const backends = adminUrl() ? ["pglite", "postgres"] : ["pglite"];
  const result = { rows: IMPORT_ROWS, runs, backends: {} };
  for (const backend of backends) {
    const samples = [];
    for (let run = 1; run <= runs; run++) {
      const dataDir = tempDir("atelier-bench-import-");
      const database = backend === "postgres" ? await createDatabase() : undefined;
      try {
        log(`import/${backend}: run ${run}/${runs}, ${IMPORT_ROWS} rows…`);
        samples.push(await importOnce(dataDir, database?.url));
      } finally {
        await database?.drop();
        discardDataDir(dataDir);
      }
    }
    const medians = Object.fromEntries(KEYS.map((k) => [k, median(samples.map((s) => s[k]))]));
    result.backends[backend] = { ...medians, samples };
  }
  printTable(
    `import: ${IMPORT_ROWS} CSV rows through the import module (median of ${runs})`,
    ["backend", "upload+parse", "preview", "dry run", "import", "upload→imported", "export", "re-import (updates)"],
    Object.entries(result.backends).map(([backend, r]) => [
      backend,
      ms(r.uploadParseMs),
      ms(r.previewMs),
      ms(r.dryRunMs),
      ms(r.importMs),
      ms(r.uploadToImportedMs),
      ms(r.exportMs),
      ms(r.reimportUpdatesMs),
    ]),
    [
      "upload→imported = upload+parse + import (what the artist waits for after pressing Import, less the preview).",
      "The import is one transaction: 1,000 artworks, their categories, series and tags.",
    ],
  );
  return result;
}
