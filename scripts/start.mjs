// `npm start`: build if the sources changed since the last build, then serve the production build.
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { buildIsCurrent, ROOT, SERVER_ENTRY, sourceStamp, writeStamp } from "./lib/build-stamp.mjs";

if (!buildIsCurrent()) {
  process.stdout.write("atelier: building the app (first start or changed sources)…\n");
  const stamp = sourceStamp();
  execFileSync(process.execPath, [join(ROOT, "node_modules", "@react-router", "dev", "bin.js"), "build"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "inherit"],
  });
  writeStamp(stamp);
}
process.env.NODE_ENV ??= "production";
await import(SERVER_ENTRY);
