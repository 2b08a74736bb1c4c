// import: Bulk Import of a 1,000-row CSV through the app's import module (what /admin/import runs), on a
// fresh PGlite data directory and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a fresh database
// of that PostgreSQL server. Each run is its own process on its own database; medians over the runs.
import { spawn } from "node:child_process";
import { join } from "node:path";
import { log, ms, printTable } from "../lib/format.mjs";
import { adminUrl, createDatabase } from "../lib/pg.mjs";
import { discardDataDir, onCleanup, ROOT, tempDir } from "../lib/server.mjs";
import { median } from "../lib/stats.mjs";

export const IMPORT_ROWS = 1000;

function importOnce(dataDir, databaseUrl) {
  const args = [
    "tsx",
    join("scripts", "bench", "import-rows.ts"),
    "--data-dir",
    dataDir,
    "--rows",
    String(IMPORT_ROWS),
  ];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  return new Promise((resolve, reject) => {
    const child = spawn("npx", args, { cwd: ROOT, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGTERM");
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`import-rows failed (${signal ?? code}):\n${stderr.slice(-2000)}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
    });
  });
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
