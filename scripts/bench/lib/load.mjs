// Load generation with autocannon, in this process (so on the same machine as the server: figures are relative).
import autocannon from "autocannon";
import { BROWSER_ACCEPT_ENCODING } from "./http.mjs";

/** Runs autocannon against one URL; returns req/s, latency p50/p99 (ms), non-2xx and error counts. */
export async function hammer(url, { connections, durationS }) {
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
  };
}
