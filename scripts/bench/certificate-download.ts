// `node --import tsx scripts/bench/certificate-download.ts [--runs=N]`: what a buyer's certificate download costs
// (docs/benchmarks.md "A certificate downloaded again"). On the embedded database (in-memory PGlite, as
// `npm start`), a work whose original is a 24 MP JPEG (quality 90) is sold and certified; its PDF is then drawn N
// times in a row, as a buyer pressing Download again and again (or anyone holding the link) would have it drawn.
// Prints the first drawing and the median of the others, and the CPU time of the process for all of them. Run it
// on two checkouts to compare them; nothing is kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { replaceArtworkImage } from "~/modules/catalog/admin-catalog.server";
import { issueForArtwork, renderCertificatePdf } from "~/modules/certificates/certificates.server";
import { renderPainting } from "~/modules/demo/paintings.server";
import { ingestImage } from "~/modules/media/media.server";
import { openScriptServices } from "./lib/script-services";
import { seedShopSettings, seedWork } from "../../tests/support/shop-data";

const runs = Number(/--runs=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), "atelier-bench-certificate-"));
const handle = await openScriptServices({ dataDir, inMemory: true, env: { LOG_LEVEL: "warn" } });
await seedShopSettings();

const painting = await renderPainting({ seed: 4242, width: 6000, height: 4000 });
const picture = await ingestImage(await sharp(painting).jpeg({ quality: 90 }).toBuffer());
const work = await seedWork();
await replaceArtworkImage(work, picture);
const { certificate } = await issueForArtwork(work);

const times: number[] = [];
const cpu = process.cpuUsage();
for (let run = 0; run < runs; run++) {
  const started = performance.now();
  await renderCertificatePdf(certificate);
  times.push(performance.now() - started);
}
const used = process.cpuUsage(cpu);
const [first, ...rest] = times;
const median = [...rest].sort((a, b) => a - b)[Math.floor(rest.length / 2)]!;
process.stdout.write(
  `${runs} downloads of one certificate (24 MP JPEG original): the first ${first!.toFixed(0)} ms, then ` +
    `${median.toFixed(0)} ms each (median; ${rest.map((t) => t.toFixed(0)).join(", ")}); ` +
    `CPU ${((used.user + used.system) / 1000).toFixed(0)} ms in all\n`,
);
await handle.close();
rmSync(dataDir, { recursive: true, force: true });
