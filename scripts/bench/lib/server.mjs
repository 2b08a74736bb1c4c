// Starting and stopping production servers for the benchmarks, each on its own temp DATA_DIR, with a
// cleanup registry so that a failing scenario or Ctrl-C still stops every server and removes every temp dir.
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { getRaw } from "./http.mjs";

export const ROOT = join(import.meta.dirname, "..", "..", "..");
export const ENTRY = join(ROOT, "build", "server", "index.js");
export const PORT = Number(process.env.BENCH_PORT ?? 3274);

const running = new Set();
const cleanups = [];

/** Registers something to undo at exit (temp dirs, databases); run by cleanupAll, last registered first. */
export function onCleanup(fn) {
  cleanups.push(fn);
  return fn;
}

/** A fresh temp directory, removed at cleanup. */
export function tempDir(prefix = "atelier-bench-") {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Removes a scenario's DATA_DIR and its server log as soon as it is done with them. */
export function discardDataDir(dir) {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}-server.log`, { force: true });
}

/** The app's own settings are set explicitly: an inherited DATABASE_URL or SEED_DEMO must not leak in. */
function serverEnv(port, overrides) {
  const env = { ...process.env };
  for (const key of [
    "DATABASE_URL",
    "SEED_DEMO",
    "AUTH_SECRET",
    "PUBLIC_URL",
    "TRUST_PROXY",
    "DATA_DIR",
    "PORT",
    "HOST",
    "LOG_LEVEL",
    "WEB_CONCURRENCY",
  ])
    delete env[key];
  return {
    ...env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "info",
    // One process: the CPU figures are read from this pid (a cluster's primary serves nothing).
    WEB_CONCURRENCY: "1",
    ...overrides,
  };
}

/**
 * Spawns `node build/server/index.js` (or another build's, `buildDir`) on dataDir and waits for GET /healthz to
 * answer 200. Returns the server with its timings: listeningMs (first answer of any kind) and readyMs (first 200).
 */
export async function startServer({ dataDir, env = {}, timeoutMs = 10 * 60_000, buildDir, port = PORT }) {
  const logFile = `${dataDir}-server.log`;
  const logFd = openSync(logFile, "a");
  onCleanup(() => rmSync(logFile, { force: true }));
  const started = performance.now();
  const child = spawn(process.execPath, [buildDir ? join(buildDir, "server", "index.js") : ENTRY], {
    cwd: ROOT,
    env: serverEnv(port, { DATA_DIR: dataDir, ...env }),
    stdio: ["ignore", logFd, logFd],
  });
  closeSync(logFd);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal })));
  const server = {
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    logFile,
    exited,
    alive: true,
    stop: () => stopServer(server),
    logTail: (lines = 20) => readFileSync(logFile, "utf8").trimEnd().split("\n").slice(-lines).join("\n"),
  };
  void exited.then(() => {
    server.alive = false;
    running.delete(server);
  });
  running.add(server);

  let listeningMs;
  for (;;) {
    if (!server.alive) {
      const { code, signal } = await exited;
      throw new Error(`server exited (${signal ?? code}) before it was ready:\n${server.logTail()}`);
    }
    const elapsed = performance.now() - started;
    if (elapsed > timeoutMs) {
      await server.stop();
      throw new Error(`server not ready after ${timeoutMs / 1000} s:\n${server.logTail()}`);
    }
    const res = await getRaw(`${server.url}/healthz`, {}, 2000).catch(() => undefined);
    if (res) listeningMs ??= performance.now() - started;
    if (res?.status === 200) {
      server.readyMs = performance.now() - started;
      server.listeningMs = listeningMs;
      return server;
    }
    await sleep(50);
  }
}

/** SIGTERM, then wait for the exit (SIGKILL after 20 s); returns how long the graceful stop took. */
export async function stopServer(server) {
  if (!server.alive) return 0;
  const started = performance.now();
  process.kill(server.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (server.alive) process.kill(server.pid, "SIGKILL");
  }, 20_000);
  const { code, signal } = await server.exited;
  clearTimeout(timer);
  if (code !== 0)
    process.stderr.write(`bench: server ${server.pid} exited with ${signal ?? code}\n${server.logTail()}\n`);
  return performance.now() - started;
}

/** Stops every server still running, then runs the registered cleanups. Safe to call twice. */
export async function cleanupAll() {
  await Promise.all([...running].map((s) => stopServer(s).catch(() => undefined)));
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      process.stderr.write(`bench: cleanup failed: ${error.message}\n`);
    }
  }
}

/**
 * Runs a bench fixture script with tsx (`scripts/bench/<name>.ts`) in its own process group (cleanup stops
 * npx and the tsx processes under it together) and resolves with the JSON of its last output line.
 */
export function runJsonScript(name, args) {
  return new Promise((resolve, reject) => {
    const child = spawn("npx", ["tsx", join("scripts", "bench", `${name}.ts`), ...args], {
      cwd: ROOT,
      detached: true,
      stdio: ["ignore", "pipe", "pipe"],
    });
    onCleanup(() => {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGTERM");
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (code !== 0) return reject(new Error(`${name} failed (${signal ?? code}):\n${stderr.slice(-2000)}`));
      resolve(JSON.parse(stdout.trim().split("\n").at(-1)));
    });
  });
}
