// scale: 10,000 artworks seeded through the app's own code before the server starts, then server-side
// latency of the gallery (first page, deep page, search, filters) and an artwork page, on PGlite and,
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a fresh database of that PostgreSQL server.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { log, mb, ms, num, printTable, sec, verdict } from "../lib/format.mjs";
import { firstArtworkPath, getHtml } from "../lib/http.mjs";
import { hammer, sequential } from "../lib/load.mjs";
import { adminUrl, createDatabase } from "../lib/pg.mjs";
import { memory } from "../lib/proc.mjs";
import { discardDataDir, runJsonScript, startServer, tempDir } from "../lib/server.mjs";
import { median, percentile, round } from "../lib/stats.mjs";

export const SCALE_ARTWORKS = 10_000;
export const SCALE_SAMPLES = 200;
const ROUNDS = 4;
const BUDGET_MS = 50;
const CONNECTIONS = 10;

/** Runs the seed fixture in its own process (it takes and releases the DATA_DIR lock) and returns its timings. */
export async function seed(dataDir, databaseUrl, count = SCALE_ARTWORKS) {
  const args = ["--data-dir", dataDir, "--count", String(count)];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  const started = performance.now();
  return { ...(await runJsonScript("seed-scale", args)), wallMs: round(performance.now() - started, 0) };
}

async function scaleOn(backend, { durationS }) {
  const dataDir = tempDir("atelier-bench-scale-");
  const database = backend === "postgres" ? await createDatabase() : undefined;
  try {
    log(`scale/${backend}: seeding ${SCALE_ARTWORKS} artworks…`);
    const seeded = await seed(dataDir, database?.url);
    const env = database
      ? { SEED_DEMO: "false", DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString("hex") }
      : { SEED_DEMO: "false" };
    const server = await startServer({ dataDir, env });
    try {
      const artworkPath = firstArtworkPath(await getHtml(`${server.url}/gallery`));
      const paths = [
        "/gallery",
        "/gallery?page=200",
        "/gallery?q=blue",
        "/gallery?availability=sold&year=2018",
        artworkPath,
      ];
      const seq = new Map(paths.map((p) => [p, { times: [], non200: 0, cpuMs: 0 }]));
      for (const path of paths) await sequential(`${server.url}${path}`, { count: 5, pid: server.pid });
      log(`scale/${backend}: ${SCALE_SAMPLES} sequential requests per endpoint…`);
      // Endpoints take turns in rounds, so noise from the shared machine spreads over all of them.
      for (let r = 0; r < ROUNDS; r++) {
        for (const path of paths) {
          const part = await sequential(`${server.url}${path}`, { count: SCALE_SAMPLES / ROUNDS, pid: server.pid });
          const acc = seq.get(path);
          acc.times.push(...part.times);
          acc.non200 += part.non200;
          acc.cpuMs += part.cpuMs;
        }
      }
      const endpoints = [];
      for (const path of paths) {
        log(`scale/${backend}: autocannon ${path} (${CONNECTIONS} connections, ${durationS} s)…`);
        const load = await hammer(`${server.url}${path}`, { connections: CONNECTIONS, durationS, pid: server.pid });
        const { times, non200, cpuMs } = seq.get(path);
        endpoints.push({
          path,
          samples: times.length,
          non200,
          medianMs: round(median(times), 1),
          p95Ms: round(percentile(times, 95), 1),
          cpuMsPerRequest: round(cpuMs / SCALE_SAMPLES, 1),
          autocannonP50Ms: load.latencyP50Ms,
          autocannonReqPerSec: round(load.reqPerSec, 1),
          autocannonNon2xx: load.non2xx,
          autocannonServerCores: round(load.serverCores, 2),
          loadAverage1m: round(load.loadAverage1m, 1),
        });
      }
      const budget = (path) => {
        const e = endpoints.find((x) => x.path === path);
        return e.medianMs === undefined ? undefined : e.medianMs < BUDGET_MS;
      };
      return {
        backend,
        serverVersion: database?.version,
        seed: seeded,
        startMs: round(server.readyMs, 0),
        rssAfterBytes: memory(server.pid).rss,
        endpoints,
        budgets: { galleryMedianUnder50ms: budget("/gallery"), searchMedianUnder50ms: budget("/gallery?q=blue") },
      };
    } finally {
      await server.stop();
    }
  } finally {
    await database?.drop();
    discardDataDir(dataDir);
  }
}

export async function scale({ durationS }) {
  const backends = ["pglite", ...(adminUrl() ? ["postgres"] : [])];
  const out = {
    artworks: SCALE_ARTWORKS,
    samplesPerEndpoint: SCALE_SAMPLES,
    connections: CONNECTIONS,
    durationS,
    budgetMs: BUDGET_MS,
    backends: {},
  };
  for (const backend of backends) {
    const r = await scaleOn(backend, { durationS });
    out.backends[backend] = r;
    printTable(
      `scale on ${backend}${r.serverVersion ? ` ${r.serverVersion}` : ""}: ${SCALE_ARTWORKS} artworks (${SCALE_SAMPLES} sequential requests per endpoint over loopback; autocannon ${CONNECTIONS} connections, ${durationS} s)`,
      ["endpoint", "median", "p95", "CPU/req", "ac p50", "ac req/s", "ac server CPU", "non-200", "budget"],
      r.endpoints.map((e) => [
        e.path,
        ms(e.medianMs, 1),
        ms(e.p95Ms, 1),
        ms(e.cpuMsPerRequest, 1),
        ms(e.autocannonP50Ms, 1),
        num(e.autocannonReqPerSec),
        `${num(e.autocannonServerCores, 2)} cores`,
        e.non200 + e.autocannonNon2xx,
        e.path === "/gallery" || e.path === "/gallery?q=blue"
          ? `${verdict(e.medianMs < BUDGET_MS)} (median < ${BUDGET_MS} ms)`
          : "",
      ]),
      [
        "median, p95: sequential requests timed around fetch; CPU/req: the Node process's CPU time per sequential request (PGlite's work included, a PostgreSQL server's not); ac: autocannon (its p50, req/s, and the cores the server used meanwhile)",
        `seed: ${sec(r.seed.wallMs)} (insert ${sec(r.seed.insertMs)}, 8 images ${sec(r.seed.imagesMs)}, their variants ${sec(r.seed.variantsMs)}); server start on it ${sec(r.startMs)}; RSS after ${mb(r.rssAfterBytes)}`,
      ],
    );
  }
  if (!adminUrl()) log("scale: PostgreSQL skipped (set BENCH_DATABASE_URL to include it)");
  return out;
}
