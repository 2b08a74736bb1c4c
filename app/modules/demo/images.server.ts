// The demo's pictures, rendered once per machine: the procedural paintings and studio photos take seconds of
// CPU each, and every first start (a laptop's, a test server's) would render the same bytes again. They are
// kept in node_modules/.cache/atelier-demo, keyed by DEMO_IMAGES_VERSION and the spec; a missing or unreadable
// cache only means rendering again.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderPainting, type PaintingSpec } from "./paintings.server";
import { renderStudioPhoto } from "./studio.server";

/**
 * Bump when the generators' output changes (paintings.server.ts, studio.server.ts): cached images of an older
 * version are then never read. `images.server.test.ts` fails when the output changed and this did not.
 */
export const DEMO_IMAGES_VERSION = 1;

/** The cache folder, beside the installed packages; undefined when there is no node_modules above us. */
export function demoImageCacheDir(from = dirname(fileURLToPath(import.meta.url))): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "node_modules"))) return join(dir, "node_modules", ".cache", "atelier-demo");
    if (dirname(dir) === dir) return undefined;
  }
}

async function cached(name: string, render: () => Promise<Buffer>, cacheDir: string | undefined): Promise<Buffer> {
  const file = cacheDir && join(cacheDir, `v${DEMO_IMAGES_VERSION}`, name);
  if (file) {
    try {
      return readFileSync(file);
    } catch {
      // Not rendered on this machine yet.
    }
  }
  const bytes = await render();
  if (file) {
    try {
      mkdirSync(dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(4).toString("hex")}.partial`;
      writeFileSync(partial, bytes);
      renameSync(partial, file);
    } catch {
      // A read-only install: render next time too.
    }
  }
  return bytes;
}

export function demoPainting(spec: PaintingSpec, cacheDir = demoImageCacheDir()): Promise<Buffer> {
  const name = `painting-${spec.seed}-${spec.palette ?? "auto"}-${spec.width}x${spec.height}.jpg`;
  return cached(name, () => renderPainting(spec), cacheDir);
}

export function demoStudioPhoto(
  index: number,
  width: number,
  height: number,
  cacheDir = demoImageCacheDir(),
): Promise<Buffer> {
  return cached(`studio-${index}-${width}x${height}.jpg`, () => renderStudioPhoto(index, width, height), cacheDir);
}
