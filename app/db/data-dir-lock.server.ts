// PGlite is one process's database: hold an exclusive lock file in DATA_DIR while it is open.
import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

interface Holder {
  pid: number;
  host: string;
  bootId: string;
  startedAt: string;
}

const LOCK_FILE = "atelier.lock";

function bootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "unknown";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(file: string): Holder | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Holder;
  } catch {
    return undefined;
  }
}

/** Takes the lock or throws DataDirLockedError; a lock left by a dead process (or a previous boot) is taken over. */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const me: Holder = { pid: process.pid, host: hostname(), bootId: bootId(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, JSON.stringify(me));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        if (readHolder(file)?.pid === me.pid) unlinkSync(file);
      };
      process.on("exit", release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      const stale =
        holder !== undefined &&
        holder.host === me.host &&
        (holder.bootId !== me.bootId || (holder.pid !== me.pid && !isAlive(holder.pid)));
      if (holder === undefined && attempt === 0) {
        // Another process is between creating and writing the file; look again.
        continue;
      }
      if (!stale) {
        const who = holder ? `process ${holder.pid} on ${holder.host}, since ${holder.startedAt}` : "another process";
        throw new DataDirLockedError(
          `The data directory ${dataDir} is in use by ${who}. Stop that process first, or set DATA_DIR (or DATABASE_URL) to use another database.`,
        );
      }
      unlinkSync(file);
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dataDir}.`);
}
