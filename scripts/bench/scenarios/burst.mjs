// burst: 1,000 requests arriving in 2 s (open loop: each is sent at its moment whether or not earlier ones were
// answered, as visitors following a shared link would), taking turns on /, /gallery and one artwork page:
// p50/p99 from each request's arrival to its last byte, errors, and how long until the last answer. Three
// bursts: a server just started (empty page cache: concurrent misses render once), the same server again
// (warm), and a server with the page cache off (what a spike cost before it). On the warm server, 300 one-off
// gallery searches in 2 s too: pages the cache stores and nobody asks for again; and 1,000 requests in 2 s for one
// artwork page that does not exist (a shared link to a work since deleted: a 404 for every visitor).
import { randomUUID } from "node:crypto";
import { Agent, request } from "node:http";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { demoDataDir } from "../lib/demo.mjs";
import { log, ms, num, printTable, sec } from "../lib/format.mjs";
import { BROWSER_ACCEPT_ENCODING, firstArtworkPath, getHtml, warmSite } from "../lib/http.mjs";
import { cpuSeconds, waitForIdle } from "../lib/proc.mjs";
import { discardDataDir, startServer } from "../lib/server.mjs";
import { percentile, round } from "../lib/stats.mjs";

const TIMEOUT_MS = 30_000;

function get(agent, url) {
  return new Promise((resolve) => {
    const req = request(
      url,
      { agent, headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html" }, timeout: TIMEOUT_MS },
      (res) => {
        res.on("data", () => undefined);
        res.on("end", () => resolve({ status: res.statusCode, cache: res.headers["x-cache"] }));
        res.on("error", (error) => resolve({ error: error.message }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", (error) => resolve({ error: error.message }));
    req.end();
  });
}

/** Sends `count` GETs spread evenly over `spreadMs`, cycling through `urls`; `status` is the answer expected. */
export async function burst(urls, { count = 1000, spreadMs = 2000, pid, status = 200 } = {}) {
  const agent = new Agent({ keepAlive: true, maxSockets: count });
  const cpuBefore = pid ? cpuSeconds(pid) : undefined;
  const started = performance.now();
  const pending = [];
  for (let i = 0; i < count; i++) {
    const due = started + (i * spreadMs) / count;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const at = performance.now();
    pending.push(get(agent, urls[i % urls.length]).then((r) => ({ ...r, ms: performance.now() - at })));
  }
  const answers = await Promise.all(pending);
  const wallMs = performance.now() - started;
  agent.destroy();
  const times = answers.filter((a) => a.status === status).map((a) => a.ms);
  return {
    count,
    spreadMs,
    latencyP50Ms: round(percentile(times, 50), 1),
    latencyP99Ms: round(percentile(times, 99), 1),
    latencyMaxMs: round(percentile(times, 100), 1),
    unexpected: answers.filter((a) => a.status !== undefined && a.status !== status).length,
    errors: answers.filter((a) => a.error).length,
    misses: answers.filter((a) => a.cache === "miss").length,
    lastAnswerMs: round(wallMs, 0),
    serverCpuS: pid ? round(cpuSeconds(pid) - cpuBefore, 2) : undefined,
  };
}

export async function burstScenario() {
  const dataDir = await demoDataDir();
  const results = {};
  let paths;
  try {
    // The artwork to use, and every image warmed, on a server that is then stopped: the next start is cold.
    const probe = await startServer({ dataDir });
    try {
      const artwork = firstArtworkPath(await getHtml(`${probe.url}/gallery`));
      paths = ["/", "/gallery", artwork];
      await warmSite(probe.url, paths);
      await waitForIdle(probe.pid);
    } finally {
      await probe.stop();
    }

    const server = await startServer({ dataDir });
    try {
      const urls = paths.map((p) => `${server.url}${p}`);
      log("burst: 1,000 requests in 2 s on a server just started (page cache empty)…");
      results.cold = await burst(urls, { pid: server.pid });
      await waitForIdle(server.pid, { quietWindows: 1 });
      log("burst: again, page cache warm…");
      results.warm = await burst(urls, { pid: server.pid });
      await waitForIdle(server.pid, { quietWindows: 1 });
      // A stranger's stream of one-off searches: every URL new to the cache, none asked for again.
      log("burst: 300 one-off gallery searches in 2 s…");
      const oneOff = Array.from({ length: 300 }, (_, i) => `${server.url}/gallery?q=w${i}x${Date.now() % 9973}`);
      results.oneOff = await burst(oneOff, { count: 300, pid: server.pid });
      await waitForIdle(server.pid, { quietWindows: 1 });
      log("burst: 1,000 requests in 2 s for one missing artwork page…");
      results.missing = await burst([`${server.url}/artwork/${randomUUID()}`], { pid: server.pid, status: 404 });
    } finally {
      await server.stop();
    }

    const uncached = await startServer({ dataDir, env: { PAGE_CACHE_MB: "0" } });
    try {
      log("burst: 1,000 requests in 2 s with the page cache off…");
      results.uncached = await burst(
        paths.map((p) => `${uncached.url}${p}`),
        { pid: uncached.pid },
      );
    } finally {
      await uncached.stop();
    }
  } finally {
    discardDataDir(dataDir);
  }
  const row = (name, r) => [
    name,
    ms(r.latencyP50Ms),
    ms(r.latencyP99Ms),
    ms(r.latencyMaxMs),
    r.unexpected,
    r.errors,
    r.misses,
    sec(r.lastAnswerMs, 1),
    `${num(r.serverCpuS, 1)} s`,
  ];
  printTable(
    `burst: 1,000 GETs arriving evenly in 2 s on ${paths.join(", ")} (open loop, keep-alive, browser accept-encoding)`,
    ["server", "p50", "p99", "max", "unexpected status", "errors", "misses", "last answer", "server CPU"],
    [
      row("page cache, just started (cold)", results.cold),
      row("page cache, warm", results.warm),
      row("300 one-off searches (/gallery?q=…)", results.oneOff),
      row("one missing work (/artwork/{new uuid}, 404)", results.missing),
      row("page cache off (PAGE_CACHE_MB=0)", results.uncached),
    ],
    [
      "latency: from the moment a request is sent to its last byte; last answer: from the first request sent",
      "unexpected status: answers other than 200 (404 for the missing work)",
      "misses: answers the server rendered (x-cache: miss); the others waited for that render or were hits",
    ],
  );
  return { paths, ...results };
}
