// http: autocannon on the SSR pages and /healthz of a warmed server with the demo catalogue, and the
// server's resident memory at start, after warming and after the load (reported by the memory scenario).
import { demoDataDir } from "../lib/demo.mjs";
import { log, mb, ms, num, printTable } from "../lib/format.mjs";
import { firstArtworkPath, getHtml, warmSite } from "../lib/http.mjs";
import { hammer } from "../lib/load.mjs";
import { memory, waitForIdle } from "../lib/proc.mjs";
import { startServer } from "../lib/server.mjs";
import { median, round } from "../lib/stats.mjs";

export const HTTP_CONNECTIONS = 50;

export async function httpLoad({ runs, durationS }) {
  const dataDir = await demoDataDir();
  const server = await startServer({ dataDir });
  const mem = { atReady: memory(server.pid) };
  try {
    const artworkPath = firstArtworkPath(await getHtml(`${server.url}/gallery`));
    const paths = ["/", "/gallery", artworkPath, "/gallery?q=blue", "/healthz"];
    await warmSite(server.url, paths.slice(0, 4));
    await waitForIdle(server.pid);
    mem.afterWarmup = memory(server.pid);
    const samples = new Map(paths.map((p) => [p, []]));
    // Endpoints take turns in each round, so noise from the shared machine spreads over all of them.
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        log(`http: ${path} round ${run + 1}/${runs} (${HTTP_CONNECTIONS} connections, ${durationS} s)…`);
        samples.get(path).push(await hammer(`${server.url}${path}`, { connections: HTTP_CONNECTIONS, durationS }));
      }
    }
    mem.afterLoad = memory(server.pid);
    const endpoints = paths.map((path) => {
      const list = samples.get(path);
      const m = (k) => round(median(list.map((s) => s[k])), 1);
      return {
        path,
        reqPerSec: m("reqPerSec"),
        latencyP50Ms: m("latencyP50Ms"),
        latencyP99Ms: m("latencyP99Ms"),
        responses: list.reduce((n, s) => n + s.requests, 0),
        non2xx: list.reduce((n, s) => n + s.non2xx, 0),
        errors: list.reduce((n, s) => n + s.errors + s.timeouts, 0),
        rounds: list,
      };
    });
    printTable(
      `http (autocannon, ${HTTP_CONNECTIONS} connections, ${durationS} s per round; median of ${runs} round${runs > 1 ? "s" : ""}; load generator on the same machine)`,
      ["endpoint", "req/s", "p50", "p99", "responses", "non-2xx", "errors"],
      endpoints.map((e) => [e.path, num(e.reqPerSec, 1), ms(e.latencyP50Ms), ms(e.latencyP99Ms), e.responses, e.non2xx, e.errors]),
      [`server RSS: ${mb(mem.atReady.rss)} at ready, ${mb(mem.afterWarmup.rss)} warmed, ${mb(mem.afterLoad.rss)} after the load (peak ${mb(mem.afterLoad.peak)})`],
    );
    return { connections: HTTP_CONNECTIONS, durationS, runs, endpoints, memory: mem };
  } finally {
    await server.stop();
  }
}
