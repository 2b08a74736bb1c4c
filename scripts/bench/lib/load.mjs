// Load generation, in this process (so on the same machine as the server: figures are relative): autocannon
// for throughput, and sequential requests timed around fetch for latency and server CPU per request.
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING } from "./http.mjs";
import { cpuSeconds } from "./proc.mjs";
import { median, round } from "./stats.mjs";

/**
 * Runs autocannon against one URL; returns req/s, latency p50/p99 (ms), non-2xx and error counts, and how
 * much CPU the server got meanwhile (in cores) with the machine's load average: on a shared machine a low
 * share explains a low figure.
 */
export async function hammer(url, { connections, durationS, pid }) {
  const cpuBefore = pid ? cpuSeconds(pid) : undefined;
  const result = await autocannon({
    url,
    connections,
    duration: durationS,
    headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING, accept: "text/html,*/*" },
  });
  // With no response inside the run, autocannon reports latencies of 0; say "none" instead.
  const answered = result.requests.total > 0;
  return {
    connections,
    durationS,
    requests: result.requests.total,
    reqPerSec: result.requests.average,
    latencyP50Ms: answered ? result.latency.p50 : undefined,
    latencyP99Ms: answered ? result.latency.p99 : undefined,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCores: pid ? (cpuSeconds(pid) - cpuBefore) / result.duration : undefined,
    loadAverage1m: loadavg()[0],
  };
}

/**
 * Several rounds of `hammer` on one URL as one figure: the median req/s, latencies, server CPU and load average,
 * the non-2xx answers and errors of all rounds summed, and the rounds themselves.
 */
export function hammerSummary(rounds) {
  const m = (k) => round(median(rounds.map((s) => s[k])), 1);
  return {
    reqPerSec: m("reqPerSec"),
    latencyP50Ms: m("latencyP50Ms"),
    latencyP99Ms: m("latencyP99Ms"),
    serverCores: round(median(rounds.map((s) => s.serverCores)), 2),
    loadAverage1m: m("loadAverage1m"),
    non2xx: rounds.reduce((n, s) => n + s.non2xx, 0),
    errors: rounds.reduce((n, s) => n + s.errors + s.timeouts, 0),
    rounds,
  };
}

const { fetch } = globalThis;

/**
 * `count` requests one after another, each timed around fetch (body read to the end), and the server CPU
 * they cost: a per-request figure that holds even when other work on the machine starves the server.
 */
export async function sequential(url, { count, pid }) {
  const times = [];
  let non200 = 0;
  const cpuBefore = cpuSeconds(pid);
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers: { "accept-encoding": BROWSER_ACCEPT_ENCODING } });
    await res.arrayBuffer();
    if (res.status === 200) times.push(performance.now() - started);
    else non200++;
  }
  return { times, non200, cpuMs: (cpuSeconds(pid) - cpuBefore) * 1000 };
}
