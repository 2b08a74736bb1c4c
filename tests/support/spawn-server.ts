// A production server of our own for end-to-end tests that need their own environment or data directory
// (operations, failure modes): started from build/server/index.js on a free port, stopped with SIGTERM.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";

export interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

/** A port nothing listens on right now (the machine runs MariaDB, Redis and more on their usual ports). */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr.on("data", (d: Buffer) => {
    out += d.toString();
    err += d.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, stderr: () => err, exited };
}

/** Polls /healthz until 200; returns the statuses seen on the way. */
export async function waitHealthy(server: Server, timeoutMs = 90_000): Promise<number[]> {
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
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy in time: ${server.output()}`);
}

export async function stop(server: Server): Promise<number | null> {
  server.child.kill("SIGTERM");
  return server.exited;
}
