// `node --import tsx scripts/bench/variants.ts [megapixels…] [--png]`: what the media.variants job costs for one photograph
// (docs/benchmarks.md "Image variants"), both ways in one run: every variant decoded from the original (as each
// variant was made until 27 November, and as a variant requested before the job is still made) and every variant
// from one decode (decodeForVariants). The photograph is a demo painting with grain like a camera's laid over it,
// as a JPEG of quality 90 (with --png, a PNG, as a scan is often sent), 3:2; 24 and 48 megapixels by default. Prints wall time and CPU time; nothing is kept.
import { cpuUsage } from "node:process";
import sharp from "sharp";
import { renderPainting } from "~/modules/demo/paintings.server";
import {
  decodeForVariants,
  encodeVariant,
  renderVariant,
  VARIANT_FORMATS,
  variantWidths,
} from "~/modules/media/pipeline.server";

const sizes = process.argv.slice(2).map(Number).filter(Boolean);
const png = process.argv.includes("--png");

async function photograph(megapixels: number): Promise<Buffer> {
  const width = Math.round(Math.sqrt((megapixels * 1_000_000 * 3) / 2));
  const height = Math.round((width * 2) / 3);
  const grain = await sharp({
    create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 20 } },
  })
    .png()
    .toBuffer();
  return sharp(await renderPainting({ seed: 4242, width, height }))
    .composite([{ input: grain, blend: "overlay" }])
    .toFormat(png ? "png" : "jpeg", { quality: 90 })
    .toBuffer();
}

async function measure(label: string, run: () => Promise<number>) {
  const cpu = cpuUsage();
  const started = performance.now();
  const bytes = await run();
  const used = cpuUsage(cpu);
  return {
    label,
    wall: ((performance.now() - started) / 1000).toFixed(2),
    cpu: ((used.user + used.system) / 1e6).toFixed(2),
    bytes,
  };
}

for (const megapixels of sizes.length ? sizes : [24, 48]) {
  const original = await photograph(megapixels);
  const { width = 0, height = 0 } = await sharp(original).metadata();
  const widths = variantWidths(width);
  const jobs = widths.flatMap((w) => VARIANT_FORMATS.map((format) => ({ width: w, format })));
  const perVariant = await measure("a decode per variant", async () => {
    let total = 0;
    for (const { width: w, format } of jobs) total += (await renderVariant(original, w, format)).length;
    return total;
  });
  const oneDecode = await measure("one decode", async () => {
    const source = (await decodeForVariants(original, { width, height }, Math.max(...widths)))!;
    let total = 0;
    for (const { width: w, format } of jobs) total += (await encodeVariant(source, w, format)).length;
    return total;
  });
  process.stdout.write(
    `${width} x ${height} px (${megapixels} MP), ${png ? "PNG" : "JPEG"} of ${(original.length / 1024 / 1024).toFixed(1)} MB, ` +
      `${jobs.length} variants\n`,
  );
  for (const row of [perVariant, oneDecode])
    process.stdout.write(
      `  ${row.label.padEnd(22)} ${row.wall.padStart(6)} s wall  ${row.cpu.padStart(6)} s CPU  ` +
        `${(row.bytes / 1024).toFixed(0)} KB of variants\n`,
    );
}
