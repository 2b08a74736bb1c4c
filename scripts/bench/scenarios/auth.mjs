// auth: how long a password sign-in takes on the server. An administrator is made with create-admin on a
// fresh DATA_DIR, then POST /api/auth/sign-in/email is sent one at a time, with the right password and with
// a wrong one (better-auth hashes for a wrong password too, so both should cost the same: no timing hint
// of which addresses have accounts). Server time is read from the server's own request log ("ms"); the
// argon2id verify alone is timed in this process for comparison.
/* global fetch */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { hash, verify } from "@node-rs/argon2";
import { log, msCells, printTable } from "../lib/format.mjs";
import { ROOT, startServer, tempDir } from "../lib/server.mjs";
import { median, percentile, round } from "../lib/stats.mjs";

const EMAIL = "bench-admin@example.com";
const PASSWORD = "a bench of ochre and linen";
/** The server's parameters (app/modules/auth/auth.server.ts): OWASP's argon2id baseline. */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

async function signIn(base, password) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: EMAIL, password }),
  });
  await res.arrayBuffer();
  return { status: res.status, clientMs: performance.now() - started };
}

/** The "ms" of each logged POST /api/auth/sign-in/email, in order. */
function serverTimes(logFile) {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"') && line.includes('"url":"/api/auth/sign-in/email"'))
    .map((line) => JSON.parse(line))
    .map((entry) => ({ status: entry.status, ms: entry.ms }));
}

const summary = (samples) => ({
  n: samples.length,
  medianMs: round(median(samples)),
  p95Ms: round(percentile(samples, 95)),
  minMs: round(Math.min(...samples)),
});

/** A table row: the count, then the server's and the client's median and p95 ("–" where there is no client). */
const row = (what, { server, client }) => [
  what,
  String(server.n),
  ...msCells(server, ["medianMs", "p95Ms"]),
  ...msCells(client, ["medianMs", "p95Ms"]),
];

export async function authScenario({ count }) {
  const dataDir = tempDir();
  log(`auth: create-admin on a fresh DATA_DIR…`);
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/create-admin.ts", "--email", EMAIL, "--password", PASSWORD],
    { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", LOG_LEVEL: "warn" }, stdio: "ignore" },
  );
  const server = await startServer({
    dataDir,
    env: { SEED_DEMO: "false", AUTH_RATE_LIMIT_MULTIPLIER: "1000" },
  });
  const right = [];
  const wrong = [];
  try {
    // Warm-up: JIT, the first database pages, the argon2 worker.
    for (let i = 0; i < 3; i++) await signIn(server.url, PASSWORD);
    log(`auth: ${count} sign-ins with the right password, ${count} with a wrong one…`);
    for (let i = 0; i < count; i++) {
      const ok = await signIn(server.url, PASSWORD);
      if (ok.status !== 200) throw new Error(`sign-in answered ${ok.status}`);
      right.push(ok.clientMs);
      const bad = await signIn(server.url, "not the bench password");
      if (bad.status !== 401) throw new Error(`a wrong password answered ${bad.status}`);
      wrong.push(bad.clientMs);
    }
  } finally {
    await server.stop();
  }
  const logged = serverTimes(server.logFile).slice(3);
  const serverRight = logged.filter((e) => e.status === 200).map((e) => e.ms);
  const serverWrong = logged.filter((e) => e.status === 401).map((e) => e.ms);

  const digest = await hash(PASSWORD, ARGON2);
  const argon = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await verify(digest, PASSWORD);
    argon.push(performance.now() - started);
  }

  const result = {
    argon2: ARGON2,
    signIn: { server: summary(serverRight), client: summary(right) },
    wrongPassword: { server: summary(serverWrong), client: summary(wrong) },
    argon2VerifyAlone: summary(argon),
  };
  printTable(
    "auth: password sign-in (sequential, one client)",
    ["what", "n", "server median", "server p95", "client median", "client p95"],
    [
      row("sign-in, right password", result.signIn),
      row("sign-in, wrong password", result.wrongPassword),
      row("argon2id verify alone (m=19 MiB, t=2, p=1)", { server: result.argon2VerifyAlone }),
    ],
    ["server = the request log's time from the first byte in to the last byte out of Express"],
  );
  return result;
}
