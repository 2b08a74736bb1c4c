// memory: the server's resident set (VmRSS, /proc/<pid>/status) at ready, warmed, and after the http load.
// Reuses the http scenario's readings when it ran in the same bench; otherwise runs one round of that load.
import { mb, printTable } from "../lib/format.mjs";
import { httpLoad } from "./http.mjs";

export async function memoryScenario({ httpResult, durationS, sequentialCount }) {
  const source = httpResult ?? (await httpLoad({ runs: 1, durationS, sequentialCount }));
  const { atReady, afterWarmup, afterLoad } = source.memory;
  printTable(
    `memory (server VmRSS; ${httpResult ? "readings taken around the http scenario" : "one round of the http load"})`,
    ["moment", "RSS", "peak so far (VmHWM)"],
    [
      ["at /healthz 200 (restart on the demo data)", mb(atReady.rss), mb(atReady.peak)],
      ["after warming pages and images", mb(afterWarmup.rss), mb(afterWarmup.peak)],
      [
        `after the http load (${source.runs} × ${source.endpoints.length} × ${source.durationS} s)`,
        mb(afterLoad.rss),
        mb(afterLoad.peak),
      ],
    ],
  );
  return { reusedHttpRun: Boolean(httpResult), ...source.memory };
}
