// Makes sure Debian's Chromium is there for the end-to-end tests: installs it when missing and we are root,
// otherwise says exactly what to install. Nothing downloads a browser of its own.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const path = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
if (existsSync(path)) process.exit(0);

if (process.getuid?.() === 0) {
  process.stdout.write("Chromium is missing: installing Debian's chromium package…\n");
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", "chromium"], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (existsSync(path)) process.exit(0);
}
process.stderr.write(
  `The end-to-end tests need Chromium at ${path}.\n` +
    "Install it with: sudo apt-get install -y chromium\n" +
    "or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n",
);
process.exit(1);
