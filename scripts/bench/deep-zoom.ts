// `node --import tsx scripts/bench/deep-zoom.ts [width] [--textured]`: what deep zoom costs for one large painting
// (decision 0021, docs/benchmarks.md "Deep zoom"). Renders a demo painting of `width` px (6000 by default, 4:3;
// with --textured, grain like a photograph of canvas laid over it: the demo's flat paint compresses far better
// than a real photograph), stores it as an upload would, then runs the media.tiles job's own function on an in-memory database and local disk, and
// prints the time, the number of tiles and the bytes stored. Nothing is kept.
import { openScriptServices } from "./lib/script-services";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { tileLayout } from "~/lib/deep-zoom";
import { renderPainting } from "~/modules/demo/paintings.server";
import { ingestImage } from "~/modules/media/media.server";
import { generateTiles } from "~/modules/media/tiles.server";
import { setServices } from "~/services.server";

const width = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 6000);
const textured = process.argv.includes("--textured");
const height = Math.round((width * 3) / 4);
const dataDir = mkdtempSync(join(tmpdir(), "atelier-zoom-bench-"));
try {
  const handle = await openScriptServices({ dataDir, inMemory: true, env: { NODE_ENV: "test" } });

  let started = performance.now();
  const painting = await renderPainting({ seed: 4242, width, height });
  const original = textured
    ? await sharp(painting)
        .composite([
          {
            input: await sharp({
              create: {
                width,
                height,
                channels: 3,
                background: "#808080",
                noise: { type: "gaussian", mean: 128, sigma: 28 },
              },
            })
              .png()
              .toBuffer(),
            blend: "overlay",
          },
        ])
        .jpeg({ quality: 90 })
        .toBuffer()
    : painting;
  const rendered = performance.now() - started;
  const asset = await ingestImage(original);
  started = performance.now();
  const result = await generateTiles(asset.hash);
  const layout = tileLayout(asset.width, asset.height);
  const again = await generateTiles(asset.hash);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;
  process.stdout.write(
    [
      `image: ${asset.width} x ${asset.height} px, original ${mb(original.length)} (made in ${(rendered / 1000).toFixed(1)} s)`,
      `tiles: ${result.tiles} (layout says ${layout.tileCount}, levels 0-${layout.maxLevel}), ${mb(result.bytes)} stored, ` +
        `average ${(result.bytes / Math.max(1, result.tiles) / 1024).toFixed(1)} KB a tile`,
      `time: ${(result.ms / 1000).toFixed(2)} s to cut and store (${Math.round(performance.now() - started)} ms with the second run)`,
      `second run: ${again.status}, ${again.tiles} tiles written, ${again.ms} ms`,
    ].join("\n") + "\n",
  );
  setServices(undefined);
  await handle.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
