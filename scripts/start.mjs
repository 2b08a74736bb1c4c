// `npm start`: build if the sources changed since the last build, then serve the production build.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const SOURCES = ["app", "server", "public", "drizzle", "package.json", "vite.config.ts", "react-router.config.ts"];
const stampFile = join(root, "build", ".source-stamp");
const entry = join(root, "build", "server", "index.js");

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let newest = s.mtimeMs;
  for (const name of readdirSync(path)) {
    if (name.startsWith(".") || name.endsWith(".test.ts")) continue;
    newest = Math.max(newest, newestMtime(join(path, name)));
  }
  return newest;
}

const stamp = String(Math.max(...SOURCES.map((s) => newestMtime(join(root, s)))));
const built = existsSync(entry) && existsSync(stampFile) && readFileSync(stampFile, "utf8") === stamp;
if (!built) {
  process.stdout.write("atelier: building the app (first start or changed sources)…\n");
  execFileSync(process.execPath, [join(root, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    cwd: root,
    stdio: ["ignore", "ignore", "inherit"],
  });
  writeFileSync(stampFile, stamp);
}
process.env.NODE_ENV ??= "production";
await import(entry);
