// http: autocannon on the SSR pages and /healthz of a warmed server with the demo catalogue, and the
// server's resident memory at start, after warming and after the load (reported by the memory scenario).
import { demoDataDir } from "../lib/demo.mjs";
import { log, mb, ms, num, printTable } from "../lib/format.mjs";
import { firstArtworkPath, getHtml, warmSite } from "../lib/http.mjs";
import { hammer, hammerSummary, sequential } from "../lib/load.mjs";
import { memory, waitForIdle } from "../lib/proc.mjs";
import { discardDataDir, startServer } from "../lib/server.mjs";
import { median, round } from "../lib/stats.mjs";

export const HTTP_CONNECTIONS = 50;

export async function httpLoad({ runs, durationS, sequentialCount }) {
  const dataDir = await demoDataDir();
  const server = await startServer({ dataDir });
  const mem = { atReady: memory(server.pid) };
  try {
    const artworkPath = firstArtworkPath(await getHtml(`${server.url}/gallery`));
    const paths = ["/", "/gallery", artworkPath, "/gallery?q=blue", "/healthz"];
    await warmSite(server.url, paths.slice(0, 4));
    await waitForIdle(server.pid);
    mem.afterWarmup = memory(server.pid);
    // First one request at a time: latency without queueing, and the server CPU each request costs.
    const single = new Map();
    for (const path of paths) {
      log(`http: ${path}: ${sequentialCount} sequential requests…`);
      const { times, cpuMs } = await sequential(`${server.url}${path}`, { count: sequentialCount, pid: server.pid });
      single.set(path, { p50Ms: round(median(times), 1), cpuMsPerRequest: round(cpuMs / sequentialCount, 1) });
    }
    const samples = new Map(paths.map((p) => [p, []]));
    // Endpoints take turns in each round, so noise from the shared machine spreads over all of them.
    for (let run = 0; run < runs; run++) {
      for (const path of paths) {
        log(`http: ${path} round ${run + 1}/${runs} (${HTTP_CONNECTIONS} connections, ${durationS} s)…`);
        samples
          .get(path)
          .push(await hammer(`${server.url}${path}`, { connections: HTTP_CONNECTIONS, durationS, pid: server.pid }));
      }
    }
    mem.afterLoad = memory(server.pid);
    const endpoints = paths.map((path) => {
      const list = samples.get(path);
      return {
        path,
        sequentialP50Ms: single.get(path).p50Ms,
        cpuMsPerRequest: single.get(path).cpuMsPerRequest,
        responses: list.reduce((n, s) => n + s.requests, 0),
        ...hammerSummary(list),
      };
    });
    printTable(
      `http (autocannon, ${HTTP_CONNECTIONS} connections, ${durationS} s per round; median of ${runs} round${runs > 1 ? "s" : ""}; load generator on the same machine)`,
      [
        "endpoint",
        "req/s",
        "p50",
        "p99",
        "non-2xx",
        "errors",
        "responses",
        "server CPU",
        "load avg",
        "1 conn p50",
        "CPU/req",
      ],
      endpoints.map((e) => [
        e.path,
        num(e.reqPerSec, 1),
        ms(e.latencyP50Ms),
        ms(e.latencyP99Ms),
        e.non2xx,
        e.errors,
        e.responses,
        `${num(e.serverCores, 2)} cores`,
        num(e.loadAverage1m, 1),
        ms(e.sequentialP50Ms, 1),
        ms(e.cpuMsPerRequest, 1),
      ]),
      [
        "server CPU: cores the server process got during the load (2 = the whole machine); load avg: the machine's 1-minute load average",
        `1 conn p50, CPU/req: ${sequentialCount} sequential requests before the load: their median latency, and the server's CPU time per request`,
        `server RSS: ${mb(mem.atReady.rss)} at ready, ${mb(mem.afterWarmup.rss)} warmed, ${mb(mem.afterLoad.rss)} after the load (peak ${mb(mem.afterLoad.peak)})`,
      ],
    );
    return { connections: HTTP_CONNECTIONS, durationS, runs, endpoints, memory: mem };
  } finally {
    await server.stop();
    discardDataDir(dataDir);
  }
}
