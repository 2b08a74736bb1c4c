// checkout: how long placing an order takes on the server. A catalogue of 1,000 artworks is seeded through the
// app's own code (seed-scale.ts, as for scale), then orders are placed one at a time by POST /checkout, the
// form a browser sends (one original each, shipped to the US, bank transfer: the default manual provider).
// Each order is one transaction: reserve the work, the order, its item, its history row, its expiry job and
// its two mails. Server time is read from the server's request log ("ms" of each 303 answer).
// Then the contention case of issue 5: 50 simultaneous checkouts of one original: one order, 49 refusals.
/* global fetch, URLSearchParams */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { log, msCells, printTable } from "../lib/format.mjs";
import { discardDataDir, startServer, tempDir } from "../lib/server.mjs";
import { median, percentile, round } from "../lib/stats.mjs";
import { seed } from "./scale.mjs";

const CATALOGUE = 1_000;
const WARM_UP = 5;
const CONTENDERS = 50;

let buyer = 0;

/**
 * POST /checkout as a browser without JavaScript sends it. The server believes one proxy (TRUST_PROXY=1) and
 * the bench stands in for it: it forwards each simulated buyer from an address of their own, as a real proxy
 * would forward many buyers. A client cannot do this through a real proxy: the proxy appends the address it saw.
 */
async function placeOrder(base, artworkId) {
  const n = ++buyer;
  const form = new URLSearchParams({
    idempotencyKey: randomUUID(),
    item: `${artworkId}:1`,
    name: `Bench Buyer ${n}`,
    email: `buyer${n}@example.com`,
    phone: "",
    fulfilment: "ship",
    country: "US",
    addressLine1: `${n} Frenchmen Street`,
    addressLine2: "",
    city: "New Orleans",
    region: "LA",
    postalCode: "70116",
    note: "",
  });
  const started = performance.now();
  const res = await fetch(`${base}/checkout`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
  });
  await res.arrayBuffer();
  return { status: res.status, clientMs: performance.now() - started };
}

/** Available, priced works of the seeded catalogue (the gallery's pages, checked by the cart's API). */
async function buyableWorks(base, wanted) {
  const ids = new Set();
  for (let page = 1; ids.size < wanted * 2 && page < 200; page++) {
    const html = await (await fetch(`${base}/gallery?availability=available&page=${page}`)).text();
    const found = [...html.matchAll(/href="\/artwork\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    if (found.length === 0) break;
    for (const id of found) ids.add(id);
  }
  const all = [...ids];
  const buyable = [];
  for (let i = 0; i < all.length && buyable.length < wanted; i += 20) {
    const res = await fetch(`${base}/api/cart?ids=${all.slice(i, i + 20).join(",")}`);
    const { lines } = await res.json();
    for (const line of lines) if (line.buyable) buyable.push(line.id);
  }
  if (buyable.length < wanted) throw new Error(`only ${buyable.length} buyable works, ${wanted} wanted`);
  return buyable.slice(0, wanted);
}

/** The "ms" and status of each logged POST /checkout, in order. */
function serverTimes(logFile) {
  return readFileSync(logFile, "utf8")
    .split("\n")
    .filter((line) => line.includes('"msg":"request"') && line.includes('"method":"POST"'))
    .map((line) => JSON.parse(line))
    .filter((entry) => entry.url === "/checkout")
    .map((entry) => ({ status: entry.status, ms: entry.ms }));
}

const summary = (samples) => ({
  n: samples.length,
  medianMs: round(median(samples)),
  p95Ms: round(percentile(samples, 95)),
  p99Ms: round(percentile(samples, 99)),
  maxMs: round(Math.max(...samples)),
});

/** A table row: the count, the server's median, p95 and p99, the client's median and p99 ("–" where there is no client). */
const row = (what, { server, client }) => [
  what,
  String(server.n),
  ...msCells(server, ["medianMs", "p95Ms", "p99Ms"]),
  ...msCells(client, ["medianMs", "p99Ms"]),
];

export async function checkoutScenario({ count }) {
  const dataDir = tempDir("atelier-bench-checkout-");
  log(`checkout: seeding ${CATALOGUE} artworks…`);
  await seed(dataDir, undefined, CATALOGUE);
  const server = await startServer({ dataDir, env: { SEED_DEMO: "false", TRUST_PROXY: "1" } });
  const client = [];
  const statuses = {};
  let contention;
  try {
    const works = await buyableWorks(server.url, WARM_UP + count + 1);
    // Warm-up: JIT, the first database pages, the mail and job code.
    for (const id of works.slice(0, WARM_UP)) await placeOrder(server.url, id);
    log(`checkout: ${count} orders, one at a time…`);
    for (const id of works.slice(WARM_UP, WARM_UP + count)) {
      const r = await placeOrder(server.url, id);
      if (r.status !== 303) throw new Error(`checkout answered ${r.status}`);
      client.push(r.clientMs);
    }
    log(`checkout: ${CONTENDERS} simultaneous checkouts of one original…`);
    const contested = works.at(-1);
    const started = performance.now();
    const answers = await Promise.all(Array.from({ length: CONTENDERS }, () => placeOrder(server.url, contested)));
    const wallMs = performance.now() - started;
    for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
    contention = { contenders: CONTENDERS, statuses, wallMs: round(wallMs, 0) };
  } finally {
    await server.stop();
  }
  const logged = serverTimes(server.logFile);
  const placed = logged.slice(WARM_UP, WARM_UP + count).map((e) => e.ms);
  const contested = logged.slice(WARM_UP + count);
  discardDataDir(dataDir);
  const result = {
    catalogue: CATALOGUE,
    placeOrder: { server: summary(placed), client: summary(client) },
    contention: {
      ...contention,
      server: summary(contested.map((e) => e.ms)),
      exactlyOneOrder: statuses[303] === 1 && statuses[409] === CONTENDERS - 1,
    },
  };
  printTable(
    `checkout: placing an order (${CATALOGUE}-work catalogue, bank transfer)`,
    ["what", "n", "server median", "server p95", "server p99", "client median", "client p99"],
    [row("one order at a time", result.placeOrder), row(`${CONTENDERS} at once for one original`, result.contention)],
    [
      "server = the request log's time from the first byte in to the last byte out of Express",
      `contention answers: ${Object.entries(statuses)
        .map(([s, n]) => `${n} × ${s}`)
        .join(", ")} (exactly one order: ${result.contention.exactlyOneOrder ? "yes" : "NO"})`,
    ],
  );
  if (!result.contention.exactlyOneOrder) throw new Error(`contention: ${JSON.stringify(statuses)}`);
  return result;
}
