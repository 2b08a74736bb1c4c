// A server killed (SIGKILL) in the middle of checkouts: after the restart no order is half-written and the
// reservations it took still hold, then lapse as designed (issue 5, "How it is checked").
//
// An own server on a fresh DATA_DIR with a catalogue of 24 originals (written into the database directly, so
// that no image job of the demo's seed queues ahead of the expiry jobs and the timing of the lapse depends on
// nothing else) takes a burst of concurrent checkouts of overlapping carts; it is killed as soon as the first
// order is answered, while the others are in flight.
// With the server down, the embedded database is read directly: every order has its items, its history row,
// its mails and its expiry job, and each work's stock is its initial stock less what orders hold. After a
// restart the reservations are still in force. Then the clock of those reservations is moved past their end
// (their reservedUntil and their expiry jobs' run_at, the two times the design keys on: a bank-transfer hold
// lasts 72 hours), and the restarted server's job worker cancels the orders and puts every work back on sale.
import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { BUYER } from "../support/buyer";
import { expect, test } from "../support/fixtures";
import { shopEntry, track } from "../support/shop-flow";
import { runTempDir } from "../support/test-run";

const BURST = 40;
const WORKS = 24;

let server: Server | undefined;
test.afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) await stop(server);
});

const start = async (dataDir: string) => {
  // TRUST_PROXY: each simulated buyer has its own address (X-Forwarded-For), as behind a proxy, so the
  // per-address checkout limit does not refuse the burst.
  server = await startServer({ DATA_DIR: dataDir, LOG_LEVEL: "warn", TRUST_PROXY: "true", SEED_DEMO: "false" });
  await waitHealthy(server);
  return server;
};

/** The works on /shop: id and title. */
async function shopWorks(url: string): Promise<{ id: string; title: string }[]> {
  const html = await (await fetch(`${url}/shop`)).text();
  const works = new Map<string, string>();
  for (const m of html.matchAll(/<a[^>]*href="\/artwork\/([0-9a-f-]{36})"[^>]*>([^<]+)<\/a>/g)) {
    if (!works.has(m[1]!)) works.set(m[1]!, m[2]!.trim());
  }
  return [...works].map(([id, title]) => ({ id, title: title.replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&") }));
}

/** A checkout form as the browser posts it (no JavaScript needed), for one or two works: the shared US buyer
 * (tests/support/buyer.ts) under a name and e-mail address of buyer n's own. */
function checkout(url: string, n: number, artworkIds: string[]) {
  const form = new URLSearchParams({
    ...BUYER,
    idempotencyKey: randomUUID(),
    name: `Buyer ${n}`,
    email: `buyer${n}@example.com`,
  });
  for (const id of artworkIds) form.append("item", `${id}:1`);
  return fetch(`${url}/checkout`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "x-forwarded-for": `203.0.113.${n + 1}` },
  });
}

async function withDatabase<T>(dataDir: string, fn: (pg: PGlite) => Promise<T>): Promise<T> {
  const pg = await PGlite.create(join(dataDir, "pgdata"));
  try {
    return await fn(pg);
  } finally {
    await pg.close();
  }
}

const rows = async <T>(pg: PGlite, sql: string) => (await pg.query<T>(sql)).rows;

/** Everything that must hold whatever instant the server died at. */
async function expectConsistent(pg: PGlite, workIds: string[]) {
  const orders = await rows<{ id: string; number: string; status: string; email: string }>(
    pg,
    "select id, number, status, email from orders order by number",
  );
  const incomplete = await rows<{ number: string; items: number; placed: number; mails: number; jobs: number }>(
    pg,
    `select o.number,
       (select count(*)::int from order_items i where i.order_id = o.id) as items,
       (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'placed') as placed,
       (select count(*)::int from mail_outbox m where m.template in ('order-placed', 'order-new')
          and m.text like '%' || o.number || '%') as mails,
       (select count(*)::int from jobs j where j.kind = 'shop.reservation.expire'
          and j.payload->>'orderId' = o.id::text) as jobs
     from orders o`,
  );
  for (const o of incomplete) {
    // Each cart held two works: an order has both or does not exist.
    expect(o, `order ${o.number} is complete`).toEqual({ number: o.number, items: 2, placed: 1, mails: 2, jobs: 1 });
  }
  // Stock: every work started with one piece; what the holding orders took is missing, nothing else.
  const stock = await rows<{ id: string; quantity: number; availability: string; held: number }>(
    pg,
    `select a.id, a.quantity, a.availability,
       coalesce((select sum(i.quantity)::int from order_items i join orders o on o.id = i.order_id
          where i.artwork_id = a.id and o.status in ('awaiting_payment', 'paid', 'shipped', 'delivered')), 0) as held
     from artworks a where a.id in (${workIds.map((id) => `'${id}'`).join(", ")})`,
  );
  expect(stock).toHaveLength(workIds.length);
  for (const s of stock) {
    expect(s.held, `work ${s.id} is held at most once`).toBeLessThanOrEqual(1);
    expect(s, `stock of ${s.id}`).toEqual({
      id: s.id,
      held: s.held,
      quantity: 1 - s.held,
      availability: s.held ? "reserved" : "available",
    });
  }
  return orders;
}

test("SIGKILL during checkouts: no half-written order, reservations kept across the restart, then lapsing", async ({
  page,
}) => {
  test.setTimeout(360_000);
  const dataDir = runTempDir("atelier-shop-crash-");
  // A first start creates the database; the catalogue is then written while the server is down.
  await stop(await start(dataDir));
  await withDatabase(dataDir, (pg) =>
    pg.exec(`insert into artworks (slug, title, medium, year, size, price_cents)
      select 'crash-work-' || g, 'Crash Work ' || g, 'Oil on canvas', 2026, '24" x 30"', 100000 + g * 1000
      from generate_series(1, ${WORKS}) g`),
  );
  const first = await start(dataDir);
  const works = await shopWorks(first.url);
  expect(works).toHaveLength(WORKS);
  const workIds = works.map((w) => w.id);

  // Overlapping carts: buyer n wants works n and n+1 (mod the catalogue), so many checkouts compete.
  let answered = 0;
  const outcomes = Array.from({ length: BURST }, (_, n) =>
    checkout(first.url, n, [workIds[n % workIds.length]!, workIds[(n + 1) % workIds.length]!]).then(
      (response) => {
        answered++;
        // The first order placed (a redirect to its confirmation): kill the server, mid-burst.
        if (response.status === 303) first.child.kill("SIGKILL");
        return response.status;
      },
      () => "cut off" as const,
    ),
  );
  const statuses = await Promise.all(outcomes);
  expect(await first.exited).toBeNull();
  expect(first.child.signalCode).toBe("SIGKILL");
  expect(statuses).toContain(303);
  // The kill came while checkouts were still running: some never got an answer.
  expect(statuses).toContain("cut off");
  expect(answered).toBeLessThan(BURST);
  for (const s of statuses) expect([303, 409, "cut off"]).toContain(s);

  // With the server down: the database as the kill left it (PGlite replays its write-ahead log on opening).
  const placed = await withDatabase(dataDir, (pg) => expectConsistent(pg, workIds));
  expect(placed.length).toBeGreaterThanOrEqual(1);
  expect(placed.every((o) => o.status === "awaiting_payment")).toBe(true);
  const heldTitles = await withDatabase(dataDir, async (pg) =>
    (
      await rows<{ title: string }>(
        pg,
        "select distinct i.title from order_items i join orders o on o.id = i.order_id where o.status = 'awaiting_payment'",
      )
    ).map((r) => r.title),
  );

  // Restart on the same DATA_DIR (the dead process's lock is stale): the reservations still hold.
  const second = await start(dataDir);
  await page.goto(`${second.url}/shop`);
  await expect(page.getByRole("heading", { level: 1, name: "Original paintings" })).toBeVisible();
  for (const title of heldTitles) await expect(shopEntry(page, title)).toHaveCount(0);
  const buyer = placed[0]!;
  await track(page, buyer.number, buyer.email, second.url);
  await expect(page.getByRole("heading", { name: `Order ${buyer.number}` })).toBeVisible();
  await expect(page.getByText(`Awaiting your bank transfer, quoting ${buyer.number}.`)).toBeVisible();
  await stop(second);

  // Time passes: the reservations reach their end (72 hours for a bank transfer), as do their expiry jobs.
  await withDatabase(dataDir, async (pg) => {
    await pg.exec(`
      update orders set reserved_until = now() - interval '1 minute' where status = 'awaiting_payment';
      update jobs set run_at = now() - interval '1 minute'
        where kind = 'shop.reservation.expire' and done_at is null;`);
  });

  // The restarted server's job worker lapses them: every work is on sale again.
  const third = await start(dataDir);
  try {
    await expect(async () => {
      const onSale = new Set((await shopWorks(third.url)).map((w) => w.id));
      expect(workIds.filter((id) => !onSale.has(id))).toEqual([]);
    }).toPass({ timeout: 120_000 });
  } catch (error) {
    await stop(third);
    const state = await withDatabase(dataDir, (pg) =>
      rows(
        pg,
        `select o.number, o.status, o.reserved_until, j.run_at, j.done_at, j.attempts, j.locked_until, j.last_error
         from orders o left join jobs j on j.payload->>'orderId' = o.id::text`,
      ),
    );
    throw new Error(`${(error as Error).message}\norders: ${JSON.stringify(state)}\nserver: ${third.output()}`, {
      cause: error,
    });
  }
  await track(page, buyer.number, buyer.email, third.url);
  const timeline = page.getByRole("list", { name: "Order status" });
  await expect(timeline).toContainText("The reservation lapsed without payment.");
  await stop(third);

  await withDatabase(dataDir, async (pg) => {
    await expectConsistent(pg, workIds);
    const states = await rows<{ status: string; expired: number }>(
      pg,
      `select o.status, (select count(*)::int from order_events e where e.order_id = o.id and e.kind = 'expired')
         as expired from orders o`,
    );
    expect(states).toHaveLength(placed.length);
    for (const s of states) expect(s).toEqual({ status: "cancelled", expired: 1 });
  });
});
