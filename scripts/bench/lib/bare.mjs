// A bare Node.js HTTP server in a process of its own that answers every request with one fixed response:
// the yardstick for "the same bytes" in the side-by-side scenario (what sending them costs with no framework).
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { getRaw } from "./http.mjs";
import { onCleanup, tempDir } from "./server.mjs";

const SERVER = `
const { createServer } = require("node:http");
const { readFileSync } = require("node:fs");
const [, bodyFile, headersFile, port] = process.argv;
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, "utf8"));
const server = createServer((req, res) => {
  res.writeHead(200, { ...headers, "content-length": body.length });
  res.end(body);
});
server.keepAliveTimeout = 65000;
server.listen(Number(port), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

/** Starts the bare server on `port` sending `body` with `headers`; resolves once it answers. */
export async function startBareServer({ port, body, headers }) {
  const dir = tempDir("atelier-bench-bare-");
  const bodyFile = join(dir, "body");
  const headersFile = join(dir, "headers.json");
  writeFileSync(bodyFile, body);
  writeFileSync(headersFile, JSON.stringify(headers));
  const child = spawn(process.execPath, ["-e", SERVER, bodyFile, headersFile, String(port)], { stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    await exited;
  };
  onCleanup(stop);
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (await getRaw(url, {}, 1000).catch(() => undefined)) return { pid: child.pid, url, stop };
    await sleep(50);
  }
  await stop();
  throw new Error("the bare server did not start");
}
