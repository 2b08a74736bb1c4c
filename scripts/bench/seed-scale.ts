// Bench fixture (run with `npx tsx`): fills a fresh database with a large catalogue through the app's own
// code (openDatabase, migrations, media ingest, settings), before any server starts, then closes it so the
// DATA_DIR lock is free. Prints one JSON line of timings.
//   npx tsx scripts/bench/seed-scale.ts --data-dir DIR [--database-url URL] [--count 10000] [--analyze]
import { openScriptServices, scriptArgs } from "./lib/script-services";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { artworks } from "~/db/schema";
import type { AvailabilityValue } from "~/lib/availability";
import { renderPainting } from "~/modules/demo/paintings.server";
import { variantUrl } from "~/lib/media";
import { slugify } from "~/modules/catalog/catalog.server";
import { registerJobHandlers, runDueJobs } from "~/modules/jobs/jobs.server";
import { ingestImage, type MediaAsset } from "~/modules/media/media.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { setServices } from "~/services.server";
import { JOB_HANDLERS } from "../../server/jobs";

const COLOURS = [
  "blue",
  "ochre",
  "crimson",
  "grey",
  "green",
  "violet",
  "amber",
  "indigo",
  "white",
  "black",
  "rose",
  "teal",
  "silver",
  "umber",
  "cobalt",
];
const ADJECTIVES = [
  "quiet",
  "distant",
  "broken",
  "late",
  "early",
  "slow",
  "bright",
  "hidden",
  "open",
  "low",
  "high",
  "still",
  "rising",
  "falling",
  "wet",
];
const NOUNS = [
  "river",
  "harbour",
  "field",
  "storm",
  "tide",
  "window",
  "garden",
  "shore",
  "light",
  "rain",
  "orchard",
  "wall",
  "bridge",
  "cloud",
  "marsh",
  "lagoon",
  "delta",
  "levee",
  "bayou",
  "horizon",
];
const MEDIUMS = [
  "Oil on canvas",
  "Acrylic on canvas",
  "Oil on linen",
  "Mixed media on panel",
  "Watercolor on paper",
  "Gouache on paper",
  "Charcoal on paper",
  "Ink on paper",
];
const SIZES: [number, number][] = [
  [12, 12],
  [16, 20],
  [18, 24],
  [24, 24],
  [24, 36],
  [30, 40],
  [36, 48],
  [48, 60],
  [9, 12],
  [40, 30],
];
const IMAGES = 8;
const BATCH = 500;

/** A seeded PRNG (mulberry32): the same catalogue on every run, so runs compare. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, pick, int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function availability(r: number): AvailabilityValue {
  if (r < 0.6) return "available";
  if (r < 0.9) return "sold";
  return r < 0.95 ? "reserved" : "not_for_sale";
}

function artworkRows(count: number, assets: MediaAsset[]): (typeof artworks.$inferInsert)[] {
  const rnd = prng(20_250_101);
  const rows: (typeof artworks.$inferInsert)[] = [];
  for (let i = 0; i < count; i++) {
    const [colour, adjective, noun] = [rnd.pick(COLOURS), rnd.pick(ADJECTIVES), rnd.pick(NOUNS)];
    const title = [
      `${capitalise(adjective)} ${colour} ${noun}`,
      `${capitalise(colour)} ${noun} No. ${rnd.int(1, 40)}`,
      `${capitalise(noun)} in ${colour}`,
      `Study for ${capitalise(adjective)} ${capitalise(noun)}`,
    ][i % 4]!;
    const year = rnd.int(2005, 2025);
    const [w, h] = rnd.pick(SIZES);
    const status = availability(rnd.next());
    const asset = assets[i % assets.length]!;
    rows.push({
      slug: `${slugify(title)}-${i + 1}`,
      title,
      description: `A ${adjective} painting of the ${noun}, worked in ${colour} and ${rnd.pick(COLOURS)} over many layers.`,
      medium: rnd.pick(MEDIUMS),
      year,
      size: `${w}" x ${h}"`,
      // One in twenty is price on request.
      priceCents: rnd.next() < 0.05 ? null : rnd.int(6, 240) * 5_000,
      availability: status,
      quantity: status === "sold" ? 0 : 1,
      isFeatured: i % 97 === 0,
      // The artist places a dozen by hand; the rest follow newest first.
      sortOrder: i < 12 ? i + 1 : null,
      mainImageId: asset.id,
      mainImageUrl: variantUrl(asset.hash, asset.widths.at(-1)!, "webp"),
      createdAt: new Date(Date.UTC(year, rnd.int(0, 11), rnd.int(1, 28), rnd.int(0, 23), rnd.int(0, 59))),
    });
  }
  return rows;
}

async function main() {
  const { dataDir, databaseUrl, values } = scriptArgs({
    count: { type: "string", default: "10000" },
    analyze: { type: "boolean", default: false },
  });
  const count = Number(values.count);
  const started = performance.now();

  const handle = await openScriptServices({ dataDir, databaseUrl });
  try {
    const t0 = performance.now();
    const assets: MediaAsset[] = [];
    for (let i = 0; i < IMAGES; i++) {
      const portrait = i % 2 === 0;
      assets.push(
        await ingestImage(
          await renderPainting({ seed: 9000 + i * 13, width: portrait ? 640 : 800, height: portrait ? 800 : 600 }),
        ),
      );
    }
    // Encode the variants now, so the server does not spend the measurement encoding them.
    const t1 = performance.now();
    registerJobHandlers(JOB_HANDLERS);
    while ((await runDueJobs(100)) > 0);
    const t2 = performance.now();

    const rows = artworkRows(count, assets);
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < rows.length; i += BATCH) await tx.insert(artworks).values(rows.slice(i, i + BATCH));
    });
    const t3 = performance.now();
    if (values.analyze) await handle.db.execute(sql`analyze`);
    // Marks the database initialised, so the server seeds nothing even with SEED_DEMO unset.
    await saveSettings({ siteTitle: "Atelier scale bench", artistName: "The Artist" }, handle.db);

    const ms = (n: number) => Math.round(n);
    process.stdout.write(
      `${JSON.stringify({ artworks: count, images: IMAGES, imagesMs: ms(t1 - t0), variantsMs: ms(t2 - t1), insertMs: ms(t3 - t2), analyzed: values.analyze, totalMs: ms(performance.now() - started) })}\n`,
    );
  } finally {
    setServices(undefined);
    await handle.close();
  }
}

await main();
