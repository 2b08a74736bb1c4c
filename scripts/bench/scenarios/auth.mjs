// auth: how long a password sign-in takes on the server. An administrator is made with create-admin on a
// fresh DATA_DIR, then POST /api/auth/sign-in/email is sent one at a time, with the right password and with
// a wrong one (better-auth hashes for a wrong password too, so both should cost the same: no timing hint
// of which addresses have accounts). Server time is read from the server's own request log ("ms"); the
// argon2id verify alone is timed in this process for comparison.
//
// Then sign-ups, which write the user and its password in one transaction (argon2id hashes inside it): one at a
// time, and 4 at a time while a signed-in reader asks for its session over and over (a database read), so that
// what a sign-up's transaction costs everyone else on the one-connection embedded database shows. With --before,
// an earlier build's server is measured the same way first.
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

/** The "ms" of each logged POST to `url`, in order. */
function serverTimes(logFile, url = "/api/auth/sign-in/email") {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"') && line.includes(`"url":"${url}"`))
    .map((line) => JSON.parse(line))
    .map((entry) => ({ status: entry.status, ms: entry.ms }));
}

/** A new account; the client's time. */
async function signUp(base, email) {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ name: "Ada Lovelace", email, password: PASSWORD }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`sign-up answered ${res.status}`);
  return performance.now() - started;
}

/** The session of a signed-in reader, read until `until` resolves (at least `least` times); each one's time. */
async function readSessions(base, cookie, { least = 0, until = Promise.resolve() } = {}) {
  let done = false;
  void until.then(() => (done = true));
  const times = [];
  while (times.length < least || !done) {
    const started = performance.now();
    const res = await fetch(`${base}/api/auth/get-session`, { headers: { cookie } });
    const body = await res.json();
    if (!body?.session) throw new Error(`the reader's session was not found: ${res.status} ${JSON.stringify(body)}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Sign-ups one at a time, then a reader's session reads alone and beside sign-ups 4 at a time, on `buildDir`. */
async function signUpFigures({ count, buildDir }) {
  const dataDir = tempDir();
  const server = await startServer({
    dataDir,
    buildDir,
    env: { SEED_DEMO: "false", AUTH_RATE_LIMIT_MULTIPLIER: "1000" },
  });
  // A new address each time: the per-address limits stay out of the way.
  let made = 0;
  const newAccount = () => signUp(server.url, `reader-${++made}@example.com`);
  try {
    // Warm-up, and the reader's account (reader-1).
    for (let i = 0; i < 3; i++) await newAccount();
    const sequential = [];
    for (let i = 0; i < count; i++) sequential.push(await newAccount());
    const signedIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ email: `reader-1@example.com`, password: PASSWORD }),
    });
    if (signedIn.status !== 200)
      throw new Error(`the reader could not sign in: ${signedIn.status} ${await signedIn.text()}`);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const alone = await readSessions(server.url, cookie, { least: 2 * count });
    const writers = Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let i = 0; i < count / 2; i++) await newAccount();
      }),
    );
    const beside = await readSessions(server.url, cookie, { until: writers });
    await writers;
    const logged = serverTimes(server.logFile, "/api/auth/sign-up/email").slice(3, 3 + count);
    return {
      signUp: { server: summary(logged.map((e) => e.ms)), client: summary(sequential) },
      sessionReadAlone: { client: summary(alone) },
      sessionReadBesideSignUps: { client: summary(beside) },
    };
  } finally {
    await server.stop();
  }
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

/** A row with the client's figures only. */
const clientRow = (what, client) => row(what, { server: { n: client.n }, client });

export async function authScenario({ count, before }) {
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

  log(`auth: ${count} sign-ups one at a time, then a reader beside ${2 * count} sign-ups 4 at a time…`);
  const signUpBefore = before ? await signUpFigures({ count, buildDir: before }) : undefined;
  const signUpNow = await signUpFigures({ count });

  const result = {
    argon2: ARGON2,
    signUps: { before: signUpBefore, now: signUpNow },
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
  const builds = [...(signUpBefore ? [["before", signUpBefore]] : []), ["this build", signUpNow]];
  printTable(
    "auth: sign-up, and what it costs a reader of the database (embedded PGlite)",
    ["build", "what", "n", "server median", "server p95", "client median", "client p95"],
    builds.flatMap(([build, f]) => [
      [build, ...row("sign-up, one at a time", f.signUp)],
      [build, ...clientRow("a session read, alone", f.sessionReadAlone.client)],
      [build, ...clientRow("a session read, beside 4 sign-ups at a time", f.sessionReadBesideSignUps.client)],
    ]),
    ["a session read (GET /api/auth/get-session, signed in) is timed by the client only"],
  );
  return result;
}
