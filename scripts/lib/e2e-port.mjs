// The shared end-to-end server's port, claimed for one `npm test` run: the preferred port (3210) when no other
// run on this machine holds it, else any free port. A free port found by listening and closing is no claim: two
// runs that started Playwright at the same moment both found 3210 free, and the second server could not listen.
// The claim is a lock file made with O_EXCL (one creator wins) that names the run's process; a lock whose
// process is gone (a run killed outright) is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isRunning } from "./processes.mjs";

/** Whether `port` can be listened on now: the port itself, or the one the system gave for 0; undefined when taken. */
export const listenable = (port) =>
  new Promise((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(undefined));
    probe.listen(port, "127.0.0.1", () => {
      const { port: got } = probe.address();
      probe.close(() => resolve(got));
    });
  });

/**
 * A port nothing listens on now, drawn at random below the system's ephemeral range (32768 and up on Linux) and
 * above the usual services and development servers. A port the system gives for 0 comes from that range, where
 * the outgoing connections of the browsers and load of another run on the machine also take their local
 * ports: between the probe and the server's listen, one of them took it ("port 45407 is already in use", two
 * suites side by side).
 */
export async function freePort() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = 20000 + Math.floor(Math.random() * 12000);
    if ((await listenable(candidate)) !== undefined) return candidate;
  }
  return listenable(0);
}

/** Claims `preferred` (or a free port); `release` gives it back at the end of the run. */
export async function claimPort(preferred, { lockDir = tmpdir() } = {}) {
  const lock = join(lockDir, `atelier-e2e-port-${preferred}.lock`);
  for (let attempt = 0; attempt < 2; attempt++) {
    let fd;
    try {
      fd = openSync(lock, "wx");
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
      const owner = readFileSync(lock, "utf8");
      // Empty: its creator has not written its pid yet, so it is alive.
      if (owner === "" || isRunning(Number(owner))) break;
      rmSync(lock, { force: true });
      continue;
    }
    writeSync(fd, String(process.pid));
    closeSync(fd);
    if ((await listenable(preferred)) !== undefined) {
      return { port: String(preferred), release: () => rmSync(lock, { force: true }) };
    }
    // Something other than a run of the suite listens there.
    rmSync(lock, { force: true });
    break;
  }
  return { port: String(await freePort()), release: () => {} };
}
