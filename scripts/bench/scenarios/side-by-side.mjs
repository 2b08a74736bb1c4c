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

/** A summary with its CPU per request read under load: the server's CPU over the requests it answered. */
const underLoad = (r) => ({ ...r, cpuMsPerRequest: round((r.serverCores * 1000) / r.reqPerSec, 2) });

export async function sideBySide({ runs, durationS, sequentialCount }) {
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
    results.cachedData = underLoad(hammerSummary(samples.cachedData));
  } finally {
    await app.stop();
  }

  const uncachedServer = await startServer({ dataDir, env: { PAGE_CACHE_MB: "0" } });
  try {
    await warmSite(uncachedServer.url, [path]);
    await waitForIdle(uncachedServer.pid);
    // A server just started renders its first pages with cold code (V8 has not optimised React's render or the
    // router yet): those cost twice a warm render and say nothing of a shop that has served a few hundred pages.
    await sequential(`${uncachedServer.url}${path}`, { count: WARM_RENDERS, pid: uncachedServer.pid });
    const seq = await sequential(`${uncachedServer.url}${path}`, { count: sequentialCount, pid: uncachedServer.pid });
    const list = [];
    const dataList = [];
    const options = { connections: CONNECTIONS, durationS, pid: uncachedServer.pid };
    for (let run = 0; run < runs; run++) {
      log(`side-by-side: round ${run + 1}/${runs}: the app rendering every request…`);
      list.push(await hammer(`${uncachedServer.url}${path}`, options));
      dataList.push(await hammer(`${uncachedServer.url}${dataPathOf(path)}`, options));
    }
    results.uncached = {
      cpuMsPerRequest: round(seq.cpuMs / sequentialCount, 2),
      single: median(seq.times),
      ...hammerSummary(list),
    };
    results.uncachedData = underLoad(hammerSummary(dataList));
  } finally {
    await uncachedServer.stop();
    await bare?.stop();
    discardDataDir(dataDir);
  }

  const ratio = (r) => round(r.reqPerSec / results.bare.reqPerSec, 3);
  results.cached.ratioToBare = ratio(results.cached);
  results.uncached.ratioToBare = ratio(results.uncached);
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
    num(r.loadAverage1m, 1),
  ];
  printTable(
    `side-by-side: ${path}, ${kb(bytes)} as sent (brotli), ${CONNECTIONS} connections, ${durationS} s per round, median of ${runs}`,
    ["server", "req/s", "× bare", "p50", "p99", "non-2xx", "errors", "server CPU", "CPU/req", "load avg"],
    [
      row("bare Node.js, same bytes", results.bare),
      row("app, page cache (anonymous)", results.cached),
      row("app, rendering (PAGE_CACHE_MB=0)", results.uncached),
      row("app, page cache: the page's .data", results.cachedData, "–"),
      row("app, loading it (PAGE_CACHE_MB=0)", results.uncachedData, "–"),
    ],
    [
      `CPU/req: the server's CPU time over ${sequentialCount} sequential requests (/proc), divided by their number; the rendering server's after ${WARM_RENDERS} renders to warm it`,
      "goals (issue 12): cache ≥ 1/3 of bare, p99 < 50 ms, 0 errors; rendering ≥ 150 req/s, < 8 ms CPU per request",
      `.data: what a link followed in the site fetches (${dataPathOf("…")}); its CPU/req read under load`,
    ],
  );
  return { path, bytes, connections: CONNECTIONS, durationS, runs, ...results };
}
