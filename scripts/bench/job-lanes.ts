// `node --import tsx scripts/bench/job-lanes.ts [width] [--rounds N]`: how long a mail a person waits for (a
// sign-in link, an order's e-mail) waits for the job worker while a large painting's deep zoom tiles are being
// cut (docs/benchmarks.md "Job lanes"). In each round, stores a new demo painting of `width` px (6000 by default,
// 4:3) as an upload would, queues its tiles job, then, once it runs, a mail-priority job; prints how long that
// job waited from its enqueue to its start, side by side: the worker of one lane (as before 29 November) and
// today's (a lane of its own for what a person waits for), both `startJobWorker`. The mail
// job records its start and does nothing else, so the figure is the wait alone. Nothing is kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderPainting } from "~/modules/demo/paintings.server";
import { enqueue, JOB_PRIORITY, registerJobHandlers, startJobWorker } from "~/modules/jobs/jobs.server";
import { ingestImage } from "~/modules/media/media.server";
import { generateTiles, queueTiles } from "~/modules/media/tiles.server";
import { setServices } from "~/services.server";
import { openScriptServices } from "./lib/script-services";

const width = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 6000);
const roundsAt = process.argv.indexOf("--rounds");
const rounds = roundsAt > 0 ? Number(process.argv[roundsAt + 1]) : 3;

const dataDir = mkdtempSync(join(tmpdir(), "atelier-lanes-bench-"));
try {
  const handle = await openScriptServices({ dataDir, inMemory: true, env: { NODE_ENV: "test" } });
  const newPainting = async (seed: number) =>
    ingestImage(await renderPainting({ seed, width, height: Math.round((width * 3) / 4) }));

  let tilesStarted: () => void = () => {};
  let tilesDone: () => void = () => {};
  let mailStarted: () => void = () => {};
  registerJobHandlers({
    "media.tiles": async (payload, signal) => {
      tilesStarted();
      await generateTiles(String(payload.hash), signal);
      tilesDone();
    },
    "bench.mail": () => Promise.resolve(mailStarted()),
  });

  async function round(
    lanes: readonly (number | undefined)[] | undefined,
    seed: number,
  ): Promise<{ waitMs: number; tilesMs: number }> {
    const asset = await newPainting(seed);
    const started = new Promise<void>((resolve) => (tilesStarted = resolve));
    const done = new Promise<void>((resolve) => (tilesDone = resolve));
    const mailed = new Promise<void>((resolve) => (mailStarted = resolve));
    const worker = startJobWorker(50, lanes);
    const t0 = performance.now();
    await queueTiles(asset.hash);
    worker.wake();
    await started;
    // Once the tiles job runs: a little later, as a visitor would ask for a sign-in link.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const asked = performance.now();
    await enqueue("bench.mail", {}, { priority: JOB_PRIORITY.mail });
    worker.wake();
    await mailed;
    const waitMs = performance.now() - asked;
    await done;
    const tilesMs = performance.now() - t0;
    await worker.stop();
    return { waitMs, tilesMs };
  }

  // Warm up: the first cut loads what the tiles need.
  const first = await newPainting(4242);
  await generateTiles(first.hash);
  const rows: string[] = [];
  for (let i = 1; i <= rounds; i++)
    for (const [name, lanes] of [
      ["one lane (before)", [undefined]],
      ["two lanes (now)", undefined],
    ] as const) {
      const { waitMs, tilesMs } = await round(lanes, 4242 + rows.length + 1);
      rows.push(
        `| ${i} | ${name.padEnd(17)} | ${(tilesMs / 1000).toFixed(2).padStart(6)} s | ${waitMs.toFixed(0).padStart(6)} ms |`,
      );
    }
  process.stdout.write(
    [
      `paintings of ${first.width} x ${first.height} px; a mail-priority job queued 200 ms after the tiles job started`,
      "| round | worker            | tiles job | the mail job waited |",
      "| ----- | ----------------- | --------- | ------------------- |",
      ...rows,
    ].join("\n") + "\n",
  );
  setServices(undefined);
  await handle.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
