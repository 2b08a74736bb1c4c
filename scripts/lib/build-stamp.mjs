// Whether build/ is current: a stamp of the newest source modification time, written after each build.
// Shared by `npm start` and `npm run bench`, so neither rebuilds what the other just built.
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SERVER_ENTRY = join(ROOT, "build", "server", "index.js");
const SOURCES = ["app", "server", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];
const STAMP_FILE = join(ROOT, "build", ".source-stamp");

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name.startsWith(".") || name.endsWith(".test.ts") || name.endsWith(".test.tsx")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

export const sourceStamp = () => String(Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s)))));

export function buildIsCurrent() {
  return existsSync(SERVER_ENTRY) && existsSync(STAMP_FILE) && readFileSync(STAMP_FILE, "utf8") === sourceStamp();
}

/** Records that build/ now matches the sources as they were at `stamp` (taken before building). */
export function writeStamp(stamp) {
  writeFileSync(STAMP_FILE, stamp);
}
