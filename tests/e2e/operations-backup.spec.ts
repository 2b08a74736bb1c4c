// Issue 13 items 1-3 end to end with the real commands: `npm run backup` while the shop runs on its embedded
// database (the server makes the archive), `npm run restore` into an empty DATA_DIR and a server started on it
// that shows the same shop, and `npm run db:move` into an empty PostgreSQL database that a server then uses.
import { statSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";
import { createServerDatabase } from "../support/postgres-server";
import { startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { runScript } from "../support/run-script";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });

const ops = runScript;

async function artworkLinks(server: Server): Promise<string[]> {
  const html = await (await fetch(`${server.url}/gallery`)).text();
  return [...new Set([...html.matchAll(/href="(\/artwork\/[^"]+)"/g)].map((m) => m[1]!))].sort();
}

const source = runTempDir("atelier-backup-source-");
const archive = join(runTempDir("atelier-backup-out-"), "shop.atelier-backup");
let shown: string[] = [];

test("npm run backup archives the running shop; npm run restore brings the same shop back in a new place", async () => {
  test.setTimeout(240_000);
  const running = await startServer({ DATA_DIR: source }, { data: "demo" });
  try {
    await waitHealthy(running);
    shown = await artworkLinks(running);
    expect(shown.length).toBeGreaterThan(10);
    const port = new URL(running.url).port;
    const made = await ops("backup", ["--out", archive], { DATA_DIR: source, PORT: port });
    expect(made.stderr).toBe("");
    expect(made.stdout).toMatch(/^backup: wrote .* \(\d+\.\d MB\): \d+ tables, \d+ rows, \d+ originals/);
    expect(statSync(archive).mode & 0o777).toBe(0o600);
    // The shop kept serving meanwhile.
    expect((await fetch(`${running.url}/healthz`)).status).toBe(200);
    // Only this shop's secret gets a backup out of the running server.
    const refused = await ops("backup", ["--out", `${archive}.x`], {
      DATA_DIR: source,
      PORT: port,
      AUTH_SECRET: "another shop's secret, long enough to be one",
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("refused the backup (403)");
  } finally {
    await stop(running);
  }

  const checked = await ops("restore", ["--from", archive, "--check"], {});
  expect(checked.stdout).toMatch(
    /is a complete backup of .*every original matches its checksum\. Nothing was restored\./,
  );

  const target = runTempDir("atelier-backup-target-");
  const restored = await ops("restore", ["--from", archive], { DATA_DIR: target });
  expect(restored.stdout).toMatch(/every table matches the backup\. The shop's secret was restored too\./);
  const again = await ops("restore", ["--from", archive], { DATA_DIR: target });
  expect(again.code).toBe(1);
  expect(again.stderr).toContain("The target database is not empty");

  const revived = await startServer({ DATA_DIR: target, SEED_DEMO: "false" });
  try {
    await waitHealthy(revived);
    expect(await artworkLinks(revived)).toEqual(shown);
    // Images are served from the restored originals.
    const page = await (await fetch(`${revived.url}${shown[0]}`)).text();
    const image = /src="(\/media\/[^"]+)"/.exec(page)?.[1];
    expect(image).toBeDefined();
    expect((await fetch(`${revived.url}${image}`)).status).toBe(200);
  } finally {
    await stop(revived);
  }
});

test("npm run db:move copies the embedded database into an empty PostgreSQL database the shop then runs on", async () => {
  test.setTimeout(240_000);
  const { url, drop } = await createServerDatabase("atelier_move");
  try {
    const moved = await ops("db-move", ["--to", url], { DATA_DIR: source });
    expect(moved.stderr).toBe("");
    expect(moved.stdout).toMatch(/^db:move: copied \d+ rows in \d+ tables .*every table matches\./);
    expect(moved.stdout).toContain(`DATABASE_URL=${url}`);
    const server = await startServer({
      DATA_DIR: source,
      DATABASE_URL: url,
      SEED_DEMO: "false",
    });
    try {
      await waitHealthy(server);
      expect(await artworkLinks(server)).toEqual(shown);
    } finally {
      await stop(server);
    }
  } finally {
    await drop();
  }
});
