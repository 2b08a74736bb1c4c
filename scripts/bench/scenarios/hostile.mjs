// hostile: what three requests a stranger or a signed-up customer can send cost the server (docs/benchmarks.md
// "Hostile requests"), on this build and, with --before, on an earlier one, each on a fresh empty DATA_DIR:
// - a commission reference that is a 6,000 x 6,000 AVIF of a kilobyte (libheif holds it whole to read it);
// - a signed-in socket that sends ping frames for 10 s and reads none of the pongs;
// - a gallery search of 40 minus signs before a word.
// Reported: the answer, how much the server's peak memory grew, and the slowest /healthz answer meanwhile. The
// pings counted are those written to the connection (the kernel's buffers hold some the server never read).
/* global fetch, FormData, Blob, AbortSignal */
import { Buffer } from "node:buffer";
import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import sharp from "sharp";
import { log, mb, ms, printTable } from "../lib/format.mjs";
import { memory } from "../lib/proc.mjs";
import { PORT, startServer, stopServer, tempDir } from "../lib/server.mjs";

const FLOOD_MS = 10_000;

/** Times GET /healthz every 100 ms until `until` settles; the slowest answer (or time out) in ms. */
async function slowestHealth(url, until) {
  let done = false;
  void until.finally(() => (done = true));
  let slowest = 0;
  while (!done) {
    const t0 = performance.now();
    await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(30_000) }).catch(() => undefined);
    slowest = Math.max(slowest, performance.now() - t0);
    await sleep(100);
  }
  return slowest;
}

/** Peak memory growth of `pid` (VmHWM) while `work` runs. */
async function peakGrowth(pid, work) {
  const before = memory(pid).peak;
  const result = await work();
  await sleep(500);
  return { result, grew: Math.max(0, memory(pid).peak - before) };
}

async function avifReference(url) {
  const avif = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: "#c86432" } })
    .avif({ effort: 0, quality: 20 })
    .toBuffer();
  const form = new FormData();
  form.set("name", "Bench Sender");
  form.set("email", "bench@example.com");
  form.set("description", "A large painting of the sea in the evening light, please.");
  form.set("budget", "unsure");
  form.set("submissionKey", `bench-${Date.now().toString(36)}-avif-reference`);
  form.set("references", new Blob([avif], { type: "image/avif" }), "sea.avif");
  const answer = await fetch(`${url}/commissions`, { method: "POST", body: form, headers: { origin: url } });
  return { status: answer.status, bytes: avif.length };
}

async function signedUpCookie(url) {
  const answer = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      name: "Bench Pinger",
      email: "pinger@example.com",
      password: "a long and quiet passphrase",
    }),
  });
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Upgrades to /realtime, then writes empty masked ping frames for FLOOD_MS without reading; whether it was closed. */
function pingFlood(url, cookie) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const frames = Buffer.alloc(6 * 10_000);
    for (let i = 0; i < 10_000; i++) frames.set([0x89, 0x80, 1, 2, 3, 4], i * 6);
    let sent = 0;
    let closed = false;
    const finish = () => {
      socket.destroy();
      resolve({ closed, pings: sent });
    };
    socket.once("close", () => {
      closed = true;
      finish();
    });
    socket.on("error", () => undefined);
    socket.once("data", () => {
      // The 101 and the first messages are in; nothing more is read from here on.
      socket.pause();
      const until = performance.now() + FLOOD_MS;
      const pump = () => {
        while (!closed && performance.now() < until) {
          sent += 10_000;
          if (!socket.write(frames)) return void socket.once("drain", pump);
        }
        if (!closed) finish();
      };
      pump();
    });
    socket.write(
      [
        "GET /realtime HTTP/1.1",
        `Host: ${hostname}:${port}`,
        "Connection: Upgrade",
        "Upgrade: websocket",
        "Sec-WebSocket-Version: 13",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        `Origin: ${url}`,
        `Cookie: ${cookie}`,
        "",
        "",
      ].join("\r\n"),
    );
  });
}

async function measure(label, buildDir, port) {
  const server = await startServer({ dataDir: tempDir(), buildDir, port, env: { SEED_DEMO: "false" } });
  try {
    const { url, pid } = server;
    log(`hostile: ${label}: ${FLOOD_MS / 1000} s of ping frames…`);
    const cookie = await signedUpCookie(url);
    const flooding = pingFlood(url, cookie);
    const [flood, slowest] = await Promise.all([peakGrowth(pid, () => flooding), slowestHealth(url, flooding)]);
    const search = await fetch(`${url}/gallery?q=${encodeURIComponent(`${"-".repeat(40)}b`)}`);
    // Last: its decode raises the peak past anything the others could show.
    log(`hostile: ${label}: a 6,000 x 6,000 AVIF reference…`);
    const avif = await peakGrowth(pid, () => avifReference(url));
    return [
      [
        `${label}: AVIF reference (${avif.result.bytes.toLocaleString("en")} B)`,
        avif.result.status,
        mb(avif.grew),
        "–",
      ],
      [
        `${label}: ${flood.result.pings.toLocaleString("en")} pings`,
        flood.result.closed ? "closed" : "open",
        mb(flood.grew),
        ms(slowest),
      ],
      [`${label}: search of 40 minus signs`, search.status, "–", "–"],
    ];
  } finally {
    await stopServer(server);
  }
}

export async function hostileScenario({ before }) {
  const rows = [];
  if (before) rows.push(...(await measure("--before", before, PORT + 5)));
  rows.push(...(await measure("this build", undefined, PORT + 6)));
  printTable(
    "hostile: three requests a stranger or a customer can send",
    ["request", "answer", "peak memory grew", "slowest /healthz"],
    rows,
  );
  return { rows };
}
