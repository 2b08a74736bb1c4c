// A production server of our own for tests that need their own environment or data directory: started from
// build/server/index.js on a free port, stopped with SIGTERM. Every server is the leader of its own process
// group, recorded in the run's registry (tests/support/test-run.ts) so the global teardown can end whatever a
// failed or interrupted test left, and it exits by itself when the test process that started it dies
// (tests/support/exit-with-parent.mjs watches the pipe to its parent).
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, readdirSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";
import { test } from "@playwright/test";
import { freePort } from "../../scripts/lib/e2e-port.mjs";
import { forgetProcess, recordProcess } from "../../scripts/lib/run-leftovers.mjs";
import { TEST_NODE_ARGS } from "../../scripts/lib/test-node.mjs";
import { blankTemplateOf, runTempDir } from "./test-run";
import { madeLater } from "./made-later";

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

export interface StartOptions {
  /**
   * "demo": DATA_DIR starts as a copy of the run's demo data (tests/support/demo-template.ts: the demo
   * catalogue with every image variant made), so the server is ready in seconds and does no image work.
   * "blank": a copy of a migrated database with nothing in it: the server's first start does the rest as on an
   * empty DATA_DIR (its secret, its settings, the setup link), in half the time. Unset: whatever DATA_DIR holds
   * (an empty one makes a real first start, migrations included).
   */
  data?: "demo" | "blank";
  /** A port chosen beforehand (a peer that must know the server's address first); else a free one. */
  port?: number;
}

const GUARD = fileURLToPath(new URL("./exit-with-parent.mjs", import.meta.url));

/** A port nothing listens on right now, outside the ephemeral range (scripts/lib/e2e-port.mjs says why). */
export { freePort };

/** The folder of the run's demo data, made once by the shared server's start (playwright.config.ts). */
export function demoTemplateDir(): string {
  const dir = process.env.E2E_TEMPLATE_DIR;
  if (!dir || !existsSync(dir)) throw new Error("no demo data template: run the suite through playwright.config.ts");
  return dir;
}

/** Copies the run's demo data (or its blank database) into an empty or missing DATA_DIR. */
export function copyDemoData(dataDir: string, data: "demo" | "blank" = "demo"): void {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new Error(`${dataDir} is not empty`);
  cpSync(data === "blank" ? blankTemplateOf(demoTemplateDir()) : demoTemplateDir(), dataDir, { recursive: true });
}

export async function startServer(env: Record<string, string>, options: StartOptions = {}): Promise<Server> {
  if (options.data) {
    if (!env.DATA_DIR) throw new Error(`startServer({ data: "${options.data}" }) needs a DATA_DIR`);
    copyDemoData(env.DATA_DIR, options.data);
  }
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [...TEST_NODE_ARGS, "--import", GUARD, "build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      // The suite's administrators sign in with a password alone; the two-factor requirement of a new install
      // has its own spec (tests/e2e/security/admin-two-factor.spec.ts).
      REQUIRE_ADMIN_TWO_FACTOR: "false",
      // Automatic backups have their own tests; the suite's servers make none.
      BACKUP_KEEP: "0",
      ...env,
    },
    // stdin stays open as the lifeline the guard watches; a process group of its own for the teardown.
    stdio: ["pipe", "pipe", "pipe"],
    detached: true,
  });
  recordProcess(child.pid!);
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      forgetProcess(child.pid!);
      resolve(code);
    }),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, stderr: () => err, exited };
}

/**
 * Polls /healthz until 200; returns the statuses seen on the way. The default wait is generous: a first start
 * with the demo seed takes about 5 s on a quiet machine and several times that on a loaded one.
 */
export async function waitHealthy(server: Server, timeoutMs = 120_000): Promise<number[]> {
  allowTestTime(timeoutMs);
  const deadline = Date.now() + timeoutMs;
  const seen: number[] = [];
  while (Date.now() < deadline) {
    try {
      const status = (await fetch(`${server.url}/healthz`)).status;
      seen.push(status);
      if (status === 200) return seen;
    } catch {
      // Not listening yet.
    }
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server not healthy in time: ${server.output()}`);
}

/**
 * A start's wait is added to the budget of the test or hook that waits: its own timeout then covers only what it
 * does with the server, and a loaded machine (a start several times slower) cannot fail it. A worker fixture
 * has a budget of its own (test.info() is not there).
 */
function allowTestTime(ms: number): void {
  try {
    const info = test.info();
    if (info.timeout > 0) info.setTimeout(info.timeout + ms);
  } catch {
    // Not inside a test or a hook.
  }
}

export async function stop(server: Server): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill("SIGTERM");
  return server.exited;
}

/** A server of the spec's own (spawnedSpecServer), and its DATA_DIR. */
export interface SpecServer extends Server {
  dataDir: string;
}

/**
 * The spec's own server, for all its tests: started (and healthy) before the first, stopped after the last, its
 * recent log printed beside a failed test. Its DATA_DIR: a new folder named after the spec, unless `env` gives
 * one. Use it at the top of a spec: `const server = spawnedSpecServer({ TRUST_PROXY: "1" }, { data: "demo" });`
 * then `server.url` inside tests. app-server.ts's specServer adds an SMTP peer and the app's test settings.
 */
export function spawnedSpecServer(env: Record<string, string> = {}, options: StartOptions = {}): SpecServer {
  const server = startedForSpec(async () => {
    const dataDir = env.DATA_DIR ?? runTempDir(`atelier-${basename(test.info().file, ".spec.ts")}-`);
    const started = await startServer({ DATA_DIR: dataDir, ...env }, options);
    await waitHealthy(started).catch(async (error: unknown) => {
      await stop(started);
      throw error;
    });
    return { ...started, dataDir };
  }, stop);
  test.afterEach(() => {
    const info = test.info();
    if (info.status === info.expectedStatus) return;
    console.log(`exit ${server.child.exitCode} ${server.child.signalCode}\n${server.output().slice(-6000)}`);
  });
  return server;
}

/**
 * What `start` makes before the spec's first test, ended with `end` after its last: a server the spec's tests
 * share. Read before it is made (outside a test or hook), it throws.
 */
export function startedForSpec<T extends object>(start: () => Promise<T>, end: (started: T) => Promise<unknown>): T {
  let started: T | undefined;
  test.beforeAll(async () => {
    started = await start();
  });
  test.afterAll(async () => {
    if (started) await end(started);
  });
  const current = (): T => {
    if (!started) throw new Error("the spec's server is used before it started (use it inside a test or hook)");
    return started;
  };
  return madeLater(current);
}
