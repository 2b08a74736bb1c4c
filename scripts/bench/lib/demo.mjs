// The demo catalogue, seeded once per bench run into a template DATA_DIR (first start, then every image
// variant encoded) and copied into a fresh DATA_DIR for each scenario that serves it.
import { cpSync } from "node:fs";
import { log } from "./format.mjs";
import { waitForIdle } from "./proc.mjs";
import { startServer, tempDir } from "./server.mjs";

let template;

async function createTemplate() {
  const dir = tempDir("atelier-bench-template-");
  log("seeding the demo catalogue into a template DATA_DIR (first start, then waiting for the image variants)…");
  const server = await startServer({ dataDir: dir });
  try {
    const variantsMs = await waitForIdle(server.pid);
    log(
      `demo template ready: first start ${(server.readyMs / 1000).toFixed(1)} s, background image work done ${(variantsMs / 1000).toFixed(0)} s later`,
    );
    return { dir, firstStartMs: server.readyMs, backgroundWorkMs: variantsMs };
  } finally {
    await server.stop();
  }
}

/** A fresh DATA_DIR holding the seeded demo (with all image variants); the template is made on first use. */
export async function demoDataDir() {
  template ??= createTemplate();
  const { dir: source } = await template;
  const dir = tempDir("atelier-bench-demo-");
  cpSync(source, dir, { recursive: true });
  return dir;
}

/** Facts about the template, for the JSON report (undefined when no scenario needed it). */
export async function demoTemplateFacts() {
  if (!template) return undefined;
  const { firstStartMs, backgroundWorkMs } = await template.catch(() => ({}));
  return { firstStartMs, backgroundWorkMs };
}
