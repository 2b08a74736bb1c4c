import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { DEMO_IMAGES_VERSION, demoImageCacheDir, demoPainting } from "./images.server";
import { renderPainting } from "./paintings.server";
import { renderStudioPhoto } from "./studio.server";

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe("demo images", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("the generators' output is the one DEMO_IMAGES_VERSION names (change it and bump the version)", async () => {
    // A changed generator with the same version would serve old pictures from every machine's cache.
    expect(DEMO_IMAGES_VERSION).toBe(1);
    expect(sha(await renderPainting({ seed: 1007, width: 96, height: 72 }))).toBe(
      "4e5eb50868c15b47982b0983fd4f16f30a98871b15c43b4173935969ad9f469a",
    );
    expect(sha(await renderStudioPhoto(1, 320, 240))).toBe(
      "21e7814442406b271e6d76fca4a6b6fda8c61f5d1712f78c9e098525be6acc66",
    );
  });

  it("renders a painting once and then reads it from the cache", async () => {
    const cache = mkdtempSync(join(tmpdir(), "atelier-demo-cache-"));
    dirs.push(cache);
    const spec = { seed: 1007, width: 96, height: 72 };
    const first = await demoPainting(spec, cache);
    expect(sha(first)).toBe(sha(await renderPainting(spec)));
    const [file] = readdirSync(join(cache, `v${DEMO_IMAGES_VERSION}`));
    expect(file).toBe("painting-1007-auto-96x72.jpg");
    // What is in the cache is what comes back: nothing was rendered the second time.
    writeFileSync(join(cache, `v${DEMO_IMAGES_VERSION}`, file!), "cached bytes");
    expect((await demoPainting(spec, cache)).toString()).toBe("cached bytes");
  });

  it("renders without a cache folder", async () => {
    const bytes = await demoPainting({ seed: 1007, width: 96, height: 72 }, undefined);
    expect(sha(bytes)).toBe("4e5eb50868c15b47982b0983fd4f16f30a98871b15c43b4173935969ad9f469a");
  });

  it("keeps its cache beside the installed packages", () => {
    expect(demoImageCacheDir()).toMatch(/node_modules\/\.cache\/atelier-demo$/);
  });
});
