// scale: 10,000 artworks seeded through the app's own code before the server starts, then server-side
// latency of the gallery (first page, deep page, search, filters) and an artwork page, on PGlite and,
// when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set, on a fresh database of that PostgreSQL server.
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { log, mb, ms, num, printTable, sec, verdict } from "../lib/format.mjs";
import { BROWSER_ACCEPT_ENCODING, firstArtworkPath, getHtml } from "../lib/http.mjs";
import { hammer } from "../lib/load.mjs";
import { adminUrl, createDatabase } from "../lib/pg.mjs";
import { memory } from "../lib/proc.mjs";
import { ROOT, startServer, tempDir } from "../lib/server.mjs";
import { median, percentile, round } from "../lib/stats.mjs";

const { fetch } = globalThis;
export const SCALE_ARTWORKS = 10_000;
export const SCALE_SAMPLES = 200;
const ROUNDS = 4;
const BUDGET_MS = 50;
const CONNECTIONS = 10;

/** Runs the seed fixture in its own process (it takes and releases the DATA_DIR lock) and returns its timings. */
async function seed(dataDir, databaseUrl) {
  const args = ["tsx", join("scripts", "bench", "seed-scale.ts"), "--data-dir", dataDir, "--count", String(SCALE_ARTWORKS)];
  if (databaseUrl) args.push("--database-url", databaseUrl);
  const started = performance.now();
  const { stdout } = await promisify(execFile)("npx", args, { cwd: ROOT, maxBuffer: 1 << 20 });
  return { ...JSON.parse(stdout.trim().split("\n").at(-1)), wallMs: round(performance.now() - started, 0) };
}

/** One loopback request timed around fetch, body read to the end. */
async function timedGet(url) {
  const started = performance.now();
  const res = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

async function scaleOn(backend, { durationS }) {
  const dataDir = tempDir("atelier-bench-scale-");
  const database = backend === "postgres" ? await createDatabase() : undefined;
  try {
    log(`scale/${backend}: seeding ${SCALE_ARTWORKS} artworks…`);
    const seeded = await seed(dataDir, database?.url);
    const env = database ? { SEED_DEMO: "false", DATABASE_URL: database.url, AUTH_SECRET: randomBytes(32).toString("hex") } : { SEED_DEMO: "false" };
    const server = await startServer({ dataDir, env });
    try {
      const artworkPath = firstArtworkPath(await getHtml(`${server.url}/gallery`));
      const paths = ["/gallery", "/gallery?page=200", "/gallery?q=blue", "/gallery?availability=sold&year=2018", artworkPath];
      const times = new Map(paths.map((p) => [p, []]));
      const failures = new Map(paths.map((p) => [p, 0]));
      for (const path of paths) for (let i = 0; i < 5; i++) await timedGet(`${server.url}${path}`);
      log(`scale/${backend}: ${SCALE_SAMPLES} sequential requests per endpoint…`);
      // Endpoints take turns in rounds, so noise from the shared machine spreads over all of them.
      for (let r = 0; r < ROUNDS; r++) {
        for (const path of paths) {
          for (let i = 0; i < SCALE_SAMPLES / ROUNDS; i++) {
            const t = await timedGet(`${server.url}${path}`);
            if (t.status === 200) times.get(path).push(t.ms);
            else failures.set(path, failures.get(path) + 1);
          }
        }
      }
      const endpoints = [];
      for (const path of paths) {
        log(`scale/${backend}: autocannon ${path} (${CONNECTIONS} connections, ${durationS} s)…`);
        const load = await hammer(`${server.url}${path}`, { connections: CONNECTIONS, durationS });
        const samples = times.get(path);
        endpoints.push({
          path,
          samples: samples.length,
          non200: failures.get(path),
          medianMs: round(median(samples), 1),
          p95Ms: round(percentile(samples, 95), 1),
          autocannonP50Ms: load.latencyP50Ms,
          autocannonReqPerSec: round(load.reqPerSec, 1),
          autocannonNon2xx: load.non2xx,
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
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function scale({ durationS }) {
  const backends = ["pglite", ...(adminUrl() ? ["postgres"] : [])];
  const out = { artworks: SCALE_ARTWORKS, samplesPerEndpoint: SCALE_SAMPLES, connections: CONNECTIONS, durationS, budgetMs: BUDGET_MS, backends: {} };
  for (const backend of backends) {
    const r = await scaleOn(backend, { durationS });
    out.backends[backend] = r;
    printTable(
      `scale on ${backend}${r.serverVersion ? ` ${r.serverVersion}` : ""}: ${SCALE_ARTWORKS} artworks (${SCALE_SAMPLES} sequential requests per endpoint over loopback; autocannon ${CONNECTIONS} connections, ${durationS} s)`,
      ["endpoint", "median", "p95", "ac p50", "ac req/s", "non-200", "budget"],
      r.endpoints.map((e) => [
        e.path,
        ms(e.medianMs, 1),
        ms(e.p95Ms, 1),
        ms(e.autocannonP50Ms, 1),
        num(e.autocannonReqPerSec),
        e.non200 + e.autocannonNon2xx,
        e.path === "/gallery" || e.path === "/gallery?q=blue" ? `${verdict(e.medianMs < BUDGET_MS)} (median < ${BUDGET_MS} ms)` : "",
      ]),
      [
        `seed: ${sec(r.seed.wallMs)} (insert ${sec(r.seed.insertMs)}, 8 images ${sec(r.seed.imagesMs)}, their variants ${sec(r.seed.variantsMs)}); server start on it ${sec(r.startMs)}; RSS after ${mb(r.rssAfterBytes)}`,
      ],
    );
  }
  if (!adminUrl()) log("scale: PostgreSQL skipped (set BENCH_DATABASE_URL to include it)");
  return out;
}
