// Makes sure the browser of the end-to-end tests is there: Debian's chromium-headless-shell (Chromium's
// headless build: the same Blink, no browser UI, about 30 % less CPU per test than the full browser on these
// two-core machines, docs/testing.md) unless CHROMIUM_PATH names another one. Installs the Debian packages when
// missing and we are root (the full `chromium` too: Lighthouse in `npm run bench` and `--headed` debugging use
// it), otherwise says exactly what to install. Nothing downloads a browser of its own.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { HEADLESS_SHELL } from "./chromium.mjs";

const PACKAGES = ["chromium", "chromium-headless-shell"];

const path = process.env.CHROMIUM_PATH ?? HEADLESS_SHELL;
if (existsSync(path)) process.exit(0);

if (process.getuid?.() === 0) {
  process.stdout.write(`${path} is missing: installing Debian's ${PACKAGES.join(" and ")} packages…\n`);
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
  execFileSync("apt-get", ["install", "-y", "-qq", ...PACKAGES], {
    stdio: "inherit",
    env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
  });
  if (existsSync(path)) process.exit(0);
}
process.stderr.write(
  `The end-to-end tests need Chromium at ${path}.\n` +
    `Install it with: sudo apt-get install -y ${PACKAGES.join(" ")}\n` +
    "or point CHROMIUM_PATH at an existing Chromium or Chrome binary.\n",
);
process.exit(1);
