// `node --import tsx scripts/bench/presence.ts [--before <git revision>]`: what presence costs the realtime hub
// when many signed-in accounts change it (docs/benchmarks.md "Presence"). A hundred accounts with ten tabs each and
// the artist, on sockets that only count what they are sent; for 20 s every account changes its shared note once a
// second, within its own budget. Prints the hub's CPU time and the messages sent to customers' tabs and to the
// artist's. With --before, the hub of that revision (read with `git show`) runs first, in the same process.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { cpuUsage } from "node:process";
import { RealtimeHub } from "~/modules/realtime/hub.server";

type Hub = typeof RealtimeHub;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(label: string, Hub: Hub) {
  // The hub's clock runs a second per round while the rounds themselves take 300 ms of real time (its timers
  // still fire): 20 s of changes in 6 s.
  let offset = 0;
  const hub = new Hub(() => Date.now() + offset);
  let toCustomers = 0;
  let toArtist = 0;
  hub.join({ send: () => void toArtist++ }, { id: "artist", email: "artist@example.com", name: "A", isAdmin: true });
  const tabs = [];
  for (let u = 0; u < 100; u++)
    for (let t = 0; t < 10; t++) {
      const tab = hub.join(
        { send: () => void toCustomers++ },
        { id: `u${u}`, email: `${u}@example.com`, name: `C${u}` },
      );
      if (t === 0) tabs.push(tab);
    }
  offset += 60_000;
  await sleep(300);
  toCustomers = 0;
  toArtist = 0;
  let cpuMs = 0;
  for (let second = 0; second < 20; second++) {
    const cpu = cpuUsage();
    for (const [i, tab] of tabs.entries())
      tab.receive(JSON.stringify({ t: "presence", status: "online", metadata: { note: `n${second}-${i}` } }));
    const used = cpuUsage(cpu);
    cpuMs += (used.user + used.system) / 1000;
    await sleep(300);
    offset += 700;
  }
  console.log(
    `${label}: ${cpuMs.toFixed(0)} ms of CPU for 2,000 changes; ${toCustomers.toLocaleString("en")} messages to customers' tabs, ${toArtist.toLocaleString("en")} to the artist's`,
  );
}

const before = process.argv.indexOf("--before");
if (before !== -1) {
  const revision = process.argv[before + 1] ?? "HEAD";
  // Outside the project (nothing of it is left for typecheck, lint or Vitest to find if the run is stopped); its
  // `~/` imports resolve through this project's tsconfig as the script's do.
  const file = join(mkdtempSync(join(tmpdir(), "atelier-bench-")), "hub.server.ts");
  writeFileSync(file, execFileSync("git", ["show", `${revision}:app/modules/realtime/hub.server.ts`]));
  try {
    const { RealtimeHub: Before } = (await import(file)) as { RealtimeHub: Hub };
    await run(`before (${revision})`, Before);
  } finally {
    rmSync(dirname(file), { recursive: true, force: true });
  }
}
await run("now", RealtimeHub);
