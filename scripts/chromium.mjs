// The browser every tool here drives: Debian's Chromium, never one downloaded on its own (docs/testing.md).

/** Chromium's headless build (package chromium-headless-shell): the end-to-end tests' browser. */
export const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** The flags of every automated run: no sandbox (root in CI), no GPU, and none of the browser's own traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
