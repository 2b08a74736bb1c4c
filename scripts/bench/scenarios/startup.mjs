// startup: build time, first start on an empty DATA_DIR (migrate + demo seed) and restart to /healthz 200,
// graceful stop time, and the gzip size of the JS the home page loads.
import { gzipSync } from "node:zlib";
import { kb, log, mb, ms, printTable, sec } from "../lib/format.mjs";
import { BROWSER_ACCEPT_ENCODING, getHtml, getRaw, scriptUrls } from "../lib/http.mjs";
import { memory } from "../lib/proc.mjs";
import { discardDataDir, startServer, tempDir } from "../lib/server.mjs";
import { median, round } from "../lib/stats.mjs";

/** Each start-up JS file: raw bytes, gzip level 9, and what the server sends for a browser's accept-encoding. */
async function homeJs(base) {
  const urls = scriptUrls(await getHtml(`${base}/`), base);
  const files = [];
  for (const url of urls) {
    const raw = await getRaw(url, { "accept-encoding": "identity" });
    if (raw.status !== 200) throw new Error(`GET ${url} answered ${raw.status}`);
    const sent = await getRaw(url, { "accept-encoding": BROWSER_ACCEPT_ENCODING });
    files.push({
      path: new URL(url).pathname,
      bytes: raw.body.length,
      gzip9: gzipSync(raw.body, { level: 9 }).length,
      sent: sent.body.length,
      encoding: sent.headers["content-encoding"] ?? "identity",
    });
  }
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return {
    files: files.length,
    bytes: sum("bytes"),
    gzip9: sum("gzip9"),
    sent: sum("sent"),
    encodings: [...new Set(files.map((f) => f.encoding))],
    list: files,
  };
}

export async function startup({ runs, buildMs }) {
  const rounds = [];
  let js;
  for (let i = 0; i < runs; i++) {
    const dataDir = tempDir();
    log(`startup ${i + 1}/${runs}: first start on an empty DATA_DIR…`);
    const first = await startServer({ dataDir });
    const firstRss = memory(first.pid).rss;
    try {
      js ??= await homeJs(first.url);
    } finally {
      await first.stop();
    }
    log(`startup ${i + 1}/${runs}: restart on the same DATA_DIR…`);
    const again = await startServer({ dataDir });
    const againRss = memory(again.pid).rss;
    const restartStopMs = await again.stop();
    rounds.push({
      firstStartMs: round(first.readyMs),
      firstListeningMs: round(first.listeningMs),
      firstRssBytes: firstRss,
      restartMs: round(again.readyMs),
      restartListeningMs: round(again.listeningMs),
      restartRssBytes: againRss,
      stopMs: round(restartStopMs),
    });
    discardDataDir(dataDir);
  }
  const med = (k) => round(median(rounds.map((r) => r[k])));
  const result = {
    runs,
    buildMs: round(buildMs),
    firstStartMs: med("firstStartMs"),
    restartMs: med("restartMs"),
    firstListeningMs: med("firstListeningMs"),
    restartListeningMs: med("restartListeningMs"),
    stopMs: med("stopMs"),
    firstRssBytes: med("firstRssBytes"),
    restartRssBytes: med("restartRssBytes"),
    homeJs: js,
    rounds,
  };
  printTable(
    `startup (median of ${runs} run${runs > 1 ? "s" : ""}; each on a fresh DATA_DIR)`,
    ["measure", "value", "note"],
    [
      [
        "build (npm run build)",
        buildMs === undefined ? undefined : sec(buildMs),
        buildMs === undefined ? "not run" : "one timed build",
      ],
      ["first start → /healthz 200", sec(result.firstStartMs), "empty DATA_DIR: migrate + seed 28 demo works"],
      ["restart → /healthz 200", sec(result.restartMs), "same DATA_DIR"],
      ["port answering (503)", ms(result.restartListeningMs), "restart; the port is taken before boot"],
      ["graceful stop (SIGTERM → exit)", ms(result.stopMs), "after the restart"],
      ["RSS at ready, first start", mb(result.firstRssBytes), "after seeding"],
      ["RSS at ready, restart", mb(result.restartRssBytes), ""],
      ["home page JS, gzip -9", kb(js.gzip9), `${js.files} files, ${kb(js.bytes)} raw`],
      ["home page JS, as sent", kb(js.sent), `content-encoding: ${js.encodings.join(", ")}`],
    ],
  );
  return result;
}
