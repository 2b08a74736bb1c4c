// `node --import tsx scripts/bench/payment.ts [megapixels] [--runs=N]`: what recording a payment costs the rest of
// the shop (docs/benchmarks.md "A payment and its certificate"). On the embedded database (in-memory PGlite, one
// connection, as `npm start`), a bank transfer is marked paid for a work whose original is a photograph of N
// megapixels (a JPEG of quality 90, 24 MP by default), then one that is an AVIF of 16 MP (decoded whole: about the
// largest an upload may be), and 20 ms after each payment starts, another visitor's one-row read is made. Prints, per run, how long the payment took and how long that
// read waited. Run it on two checkouts to compare them; nothing is kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { replaceArtworkImage } from "~/modules/catalog/admin-catalog.server";
import { renderPainting } from "~/modules/demo/paintings.server";
import { ingestImage } from "~/modules/media/media.server";
import { markOrderPaid } from "~/modules/shop/order-actions.server";
import { openScriptServices } from "./lib/script-services";
import { orderOne, seedShopSettings, seedWork } from "../../tests/support/shop-data";

const megapixels = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 24);
const runs = Number(/--runs=(\d+)/.exec(process.argv.join(" "))?.[1] ?? 5);
const ADMIN = { kind: "admin" as const, id: "bench", email: "artist@example.com" };

const dataDir = mkdtempSync(join(tmpdir(), "atelier-bench-payment-"));
const handle = await openScriptServices({ dataDir, inMemory: true, env: { LOG_LEVEL: "warn" } });
await seedShopSettings();

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const [format, size] of [
  ["jpeg", megapixels],
  ["avif", 16],
] as const) {
  const width = Math.round(Math.sqrt((size * 1_000_000 * 3) / 2));
  const height = Math.round((width * 2) / 3);
  const painting = await renderPainting({ seed: 4242, width, height });
  const picture = await ingestImage(await sharp(painting).toFormat(format, { quality: 90 }).toBuffer());
  const paid: number[] = [];
  const waited: number[] = [];
  for (let run = 0; run < runs; run++) {
    const work = await seedWork();
    await replaceArtworkImage(work, picture);
    const placed = await orderOne(work);
    if (!placed.ok) throw new Error(`order not placed: ${placed.reason}`);
    const started = performance.now();
    const paying = markOrderPaid(placed.order.id, ADMIN);
    await new Promise((r) => setTimeout(r, 20));
    const asked = performance.now();
    await handle.db.execute(sql`select 1`);
    waited.push(performance.now() - asked);
    await paying;
    paid.push(performance.now() - started);
  }
  process.stdout.write(
    `${width} x ${height} px (${size} MP) ${format.toUpperCase()}, ${runs} payments: ` +
      `the payment ${median(paid).toFixed(0)} ms (median; ${paid.map((t) => t.toFixed(0)).join(", ")}), ` +
      `a read made 20 ms into it waited ${median(waited).toFixed(0)} ms (${waited.map((t) => t.toFixed(0)).join(", ")})\n`,
  );
}

await handle.close();
rmSync(dataDir, { recursive: true, force: true });
