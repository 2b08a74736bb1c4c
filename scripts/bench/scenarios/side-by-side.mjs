// side-by-side: one artwork page's bytes from a bare Node.js server, from the app's page cache, and rendered by
// the app on every request (a second server with the cache off), taking turns in one run on the same machine,
// with the ratio to the bare server. The bare server sends exactly what the app sends a browser (brotli). And the
// same page's data as a link followed in the site asks for it (`.data`), from the cache and loaded every time.
import { demoDataDir } from "../lib/demo.mjs";
import { startBareServer } from "../lib/bare.mjs";
import { kb, log, ms, num, printTable } from "../lib/format.mjs";
import { BROWSER_ACCEPT_ENCODING, firstArtworkPath, getHtml, getRaw, warmSite } from "../lib/http.mjs";
import { hammer, hammerSummary, sequential } from "../lib/load.mjs";
import { waitForIdle } from "../lib/proc.mjs";
import { discardDataDir, PORT, startServer } from "../lib/server.mjs";
import { median, round } from "../lib/stats.mjs";

const CONNECTIONS = 50;

/** What a click on the page's link in the site fetches: the artwork route's loader data (React Router). */
const dataPathOf = (path) => `${path}.data?_routes=${encodeURIComponent("routes/site/artwork")}`;

/** Renders before the uncached server's CPU per request is measured (see below). */
const WARM_RENDERS = 200;

/**
 * Sequential renders whose CPU is the rendering row's "alone" figure: /proc counts in 10-ms ticks and a shared
 * machine's noise is of that order too, so fifty renders of about 10 ms each gave figures 40 % apart.
 */
const RENDERS_MEASURED = 300;

/** The server's CPU over the requests it answered under load, per request. */
const loadedCpuMs = (r) => (r.reqPerSec > 0 ? round((r.serverCores * 1000) / r.reqPerSec, 2) : undefined);

export async function sideBySide({ runs, durationS, sequentialCount, before }) {
  const dataDir = await demoDataDir();
  const results = {};
  let path;
  let bytes;
  // Cached app and bare server take turns; the uncached app needs its own server (cache off).
  const app = await startServer({ dataDir });
  let bare;
  try {
    path = firstArtworkPath(await getHtml(`${app.url}/gallery`));
    await warmSite(app.url, [path]);
    await waitForIdle(app.pid);
    const sent = await getRaw(`${app.url}${path}`, { "accept-encoding": BROWSER_ACCEPT_ENCODING });
    if (sent.headers["x-cache"] !== "hit") throw new Error(`expected a cache hit, got ${sent.headers["x-cache"]}`);
    bytes = sent.body.length;
    bare = await startBareServer({
      port: PORT + 1,
      body: sent.body,
      headers: {
        "content-type": sent.headers["content-type"],
        "content-encoding": sent.headers["content-encoding"],
        etag: sent.headers.etag,
        "cache-control": sent.headers["cache-control"],
        vary: sent.headers.vary,
      },
    });
    const cachedSeq = await sequential(`${app.url}${path}`, { count: sequentialCount, pid: app.pid });
    results.cached = { cpuMsPerRequest: round(cachedSeq.cpuMs / sequentialCount, 2), single: median(cachedSeq.times) };
    await getRaw(`${app.url}${dataPathOf(path)}`, { "accept-encoding": BROWSER_ACCEPT_ENCODING });
    const dataSent = await getRaw(`${app.url}${dataPathOf(path)}`, { "accept-encoding": BROWSER_ACCEPT_ENCODING });
    if (dataSent.headers["x-cache"] !== "hit")
      throw new Error(`expected a data hit, got ${dataSent.headers["x-cache"]}`);
    const samples = { bare: [], cached: [], cachedData: [] };
    for (let run = 0; run < runs; run++) {
      log(`side-by-side: round ${run + 1}/${runs}: bare Node, then the app's cache (${CONNECTIONS} connections)…`);
      samples.bare.push(await hammer(`${bare.url}${path}`, { connections: CONNECTIONS, durationS, pid: bare.pid }));
      samples.cached.push(await hammer(`${app.url}${path}`, { connections: CONNECTIONS, durationS, pid: app.pid }));
      samples.cachedData.push(
        await hammer(`${app.url}${dataPathOf(path)}`, { connections: CONNECTIONS, durationS, pid: app.pid }),
      );
    }
    results.bare = hammerSummary(samples.bare);
    results.cached = { ...results.cached, ...hammerSummary(samples.cached) };
    results.cachedData = hammerSummary(samples.cachedData);
  } finally {
    await app.stop();
  }

  // The rendering servers (this build's, and --before's when given) are up together and take turns.
  const renderers = [{ name: "uncached", buildDir: undefined }];
  if (before) renderers.push({ name: "before", buildDir: before });
  try {
    for (const [i, r] of renderers.entries()) {
      const dir = i === 0 ? dataDir : await demoDataDir();
      r.server = await startServer({
        dataDir: dir,
        buildDir: r.buildDir,
        port: PORT + 2 + i,
        env: { PAGE_CACHE_MB: "0" },
      });
      r.list = [];
      r.dataList = [];
    }
    for (const r of renderers) {
      const { url, pid } = r.server;
      await warmSite(url, [path]);
      await waitForIdle(pid);
      // A server just started renders its first pages with cold code (V8 has not optimised React's render or the
      // router yet): those cost twice a warm render and say nothing of a shop that has served a few hundred pages.
      await sequential(`${url}${path}`, { count: WARM_RENDERS, pid });
    }
    const measured = Math.max(sequentialCount, RENDERS_MEASURED);
    for (const r of renderers)
      r.seq = await sequential(`${r.server.url}${path}`, { count: measured, pid: r.server.pid });
    for (let run = 0; run < runs; run++) {
      for (const r of renderers) {
        log(
          `side-by-side: round ${run + 1}/${runs}: ${r.buildDir ? "the --before build" : "the app"} rendering every request…`,
        );
        const options = { connections: CONNECTIONS, durationS, pid: r.server.pid };
        r.list.push(await hammer(`${r.server.url}${path}`, options));
        r.dataList.push(await hammer(`${r.server.url}${dataPathOf(path)}`, options));
      }
    }
    for (const r of renderers) {
      results[r.name] = {
        cpuMsPerRequest: round(r.seq.cpuMs / measured, 2),
        single: median(r.seq.times),
        ...hammerSummary(r.list),
      };
      results[`${r.name}Data`] = hammerSummary(r.dataList);
    }
  } finally {
    for (const r of renderers) {
      await r.server?.stop();
      if (r.server) discardDataDir(r.server.dataDir);
    }
    await bare?.stop();
  }

  for (const r of Object.values(results)) r.loadedCpuMsPerRequest = loadedCpuMs(r);
  const ratio = (r) => round(r.reqPerSec / results.bare.reqPerSec, 3);
  results.cached.ratioToBare = ratio(results.cached);
  results.uncached.ratioToBare = ratio(results.uncached);
  if (results.before) results.before.ratioToBare = ratio(results.before);
  const row = (name, r, ratio = r.ratioToBare === undefined ? "1" : num(r.ratioToBare, 3)) => [
    name,
    num(r.reqPerSec, 1),
    ratio,
    ms(r.latencyP50Ms),
    ms(r.latencyP99Ms),
    r.non2xx,
    r.errors,
    `${num(r.serverCores, 2)} cores`,
    r.cpuMsPerRequest === undefined ? "–" : ms(r.cpuMsPerRequest, 2),
    r.loadedCpuMsPerRequest === undefined ? "–" : ms(r.loadedCpuMsPerRequest, 2),
    num(r.loadAverage1m, 1),
  ];
  printTable(
    `side-by-side: ${path}, ${kb(bytes)} as sent (brotli), ${CONNECTIONS} connections, ${durationS} s per round, median of ${runs}`,
    [
      "server",
      "req/s",
      "× bare",
      "p50",
      "p99",
      "non-2xx",
      "errors",
      "server CPU",
      "CPU/req alone",
      "under load",
      "load avg",
    ],
    [
      row("bare Node.js, same bytes", results.bare),
      row("app, page cache (anonymous)", results.cached),
      row("app, rendering (PAGE_CACHE_MB=0)", results.uncached),
      row("app, page cache: the page's .data", results.cachedData, "–"),
      row("app, loading it (PAGE_CACHE_MB=0)", results.uncachedData, "–"),
      ...(results.before
        ? [
            row("--before build, rendering", results.before),
            row("--before build, loading .data", results.beforeData, "–"),
          ]
        : []),
    ],
    [
      `CPU/req alone: the server's CPU time over ${sequentialCount} sequential requests (/proc), divided by their number; the rendering server's over ${Math.max(sequentialCount, RENDERS_MEASURED)}, after ${WARM_RENDERS} renders to warm it`,
      "under load: the server's CPU over the requests it answered at 50 connections (server CPU ÷ req/s)",
      "goals (issue 12): cache ≥ 1/3 of bare, p99 < 50 ms, 0 errors; rendering ≥ 150 req/s, < 8 ms CPU per request",
      `.data: what a link followed in the site fetches (${dataPathOf("…")})`,
    ],
  );
  return { path, bytes, connections: CONNECTIONS, durationS, runs, before, ...results };
}
