// Several server processes on one PostgreSQL database (issue 13 item 4, docs/operations.md "Several
// processes"): two production servers A and B share a database and a DATA_DIR, as two machines behind a load
// balancer would share a database and a bucket. The artist's browser is on A; a customer's browser and a
// visitor are on B. Then WEB_CONCURRENCY=2: one command, two processes on one port, a dead one replaced.
// Needs a PostgreSQL server: TEST_DATABASE_URL, else the one on 127.0.0.1:5432 (as the db:move test).
import { execFileSync } from "node:child_process";
import { get as httpGet } from "node:http";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { ADMIN } from "../support/accounts";
import { connectedPage, signInAdmin } from "../support/admin-fixtures";
import { expect, test } from "../support/fixtures";
import { sendContactMessage } from "../support/inquiry-flow";
import { processesOnOneDatabase } from "../support/postgres-processes";
import { startServer, stop, waitHealthy } from "../support/spawn-server";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
// A makes the shop (the demo catalogue and the artist's account); B starts on what A made.
const servers = processesOnOneDatabase("processes");

test("the artist on A sees who is on B, and her bell rings when a visitor writes to B", async ({ browser, page }) => {
  const artist = await connectedPage(browser, servers.a.url, ADMIN);
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();

  // Jo signs up and opens a page on B: the artist's list on A shows him, live.
  const jo = await connectedPage(
    browser,
    servers.b.url,
    { email: "jo@example.com", password: "a tide of grey linen", name: "Jo Painter" },
    true,
  );
  await expect(artist.page.getByRole("button", { name: "Online users: 2" })).toBeVisible();
  await expect(jo.page.getByRole("button", { name: "Online users: 2" })).toBeVisible();
  await artist.page.getByRole("button", { name: "Online users: 2" }).click();
  await expect(artist.page.getByRole("list", { name: "Online users" }).getByText("Jo Painter")).toBeVisible();
  await artist.page.keyboard.press("Escape");

  // A visitor writes through B; the artist's bell on A rings without a reload.
  const bell = artist.page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName("Notifications");
  await sendContactMessage(page, `${servers.b.url}/contact`, {
    name: "Ines Collector",
    email: "ines@example.com",
    message: "Is the harbour painting still available?",
  });
  const sent = Date.now();
  await expect(bell).toHaveAccessibleName("Notifications, 1 unread");
  test.info().annotations.push({ type: "delivery", description: `bell on A within ${Date.now() - sent} ms` });
  await bell.click();
  await expect(
    artist.page
      .getByRole("list", { name: "Notifications" })
      .getByRole("link", { name: "New message from Ines Collector" }),
  ).toBeVisible();
  await artist.page.keyboard.press("Escape");

  // Jo leaves B: gone from the artist's list on A.
  await jo.context.close();
  await expect(artist.page.getByRole("button", { name: "Online users: 1" })).toBeVisible();
  await artist.context.close();
});

test("a price changed through A is served by B on the next request", async () => {
  const visitor = await playwrightRequest.newContext({ baseURL: servers.b.url });
  const shop = await (await visitor.get("/shop")).text();
  const id = new RegExp(`href="/artwork/(${UUID})"`).exec(shop)?.[1];
  expect(id, "a work for sale on B's shop").toBeTruthy();
  await visitor.get(`/artwork/${id}`);
  expect((await visitor.get(`/artwork/${id}`)).headers()["x-cache"]).toBe("hit");

  const owner: APIRequestContext = await playwrightRequest.newContext({ baseURL: servers.a.url });
  await signInAdmin(owner, servers.a.url);
  const saved = await owner.post(`/admin/artworks/${id}/edit`, {
    headers: { origin: servers.a.url },
    form: {
      title: "Harbour from A",
      slug: "harbour-from-a",
      description: "",
      medium: "Oil on canvas",
      year: "2024",
      size: "",
      price: "5678",
      availability: "available",
      quantity: "1",
    },
    maxRedirects: 0,
  });
  expect(saved.status()).toBeLessThan(400);
  await owner.dispose();

  const page = await visitor.get(`/artwork/${id}`);
  expect(page.headers()["x-cache"]).toBe("miss");
  expect(await page.text()).toMatch(/Harbour from A[\s\S]*5,678/);
  await visitor.dispose();
});

/**
 * A GET on a connection of its own (a kept-alive one could belong to a process that is draining): its status,
 * or 0 and why there was none (a reset, a refused connection, no answer in time), and when, in ms from the start.
 */
function freshConnection(url: string, timeoutMs = 10_000): Promise<{ status: number; ms: number; error?: string }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const request = httpGet(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
    });
    request.on("timeout", () => request.destroy(new Error("no answer in time")));
    request.on("error", (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, ms: Date.now() - started, error: error.code ?? error.message }),
    );
  });
}

const freshConnectionStatus = async (url: string, timeoutMs?: number) => (await freshConnection(url, timeoutMs)).status;

/** The pids of a process's children (the cluster's workers). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(pid)], { encoding: "utf8" })
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

test("WEB_CONCURRENCY=2 runs two processes on one port, replaces one that dies, reloads on SIGHUP, and stops", async () => {
  // Waits below are for processes to start, die and be replaced: generous, as a loaded machine is slow at it.
  test.setTimeout(240_000);
  const cluster = await startServer({ ...servers.env, WEB_CONCURRENCY: "2", LOG_LEVEL: "info" });
  try {
    await waitHealthy(cluster);
    await expect.poll(() => childrenOf(cluster.child.pid!).length, { timeout: 60_000 }).toBe(2);
    const [first, second] = childrenOf(cluster.child.pid!);
    await expect.poll(() => cluster.output().match(/Atelier is ready/g)?.length ?? 0, { timeout: 60_000 }).toBe(2);
    // Each process's lines carry its own pid: an operator can tell them apart in one journal.
    const readyPids = cluster
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"Atelier is ready"'))
      .map((line) => (JSON.parse(line) as { pid?: number }).pid);
    expect(readyPids.sort()).toEqual([first, second].sort());

    // One worker is killed outright: the other keeps serving, and a new one takes its place. (A connection the
    // primary handed to the dead one just before it noticed is lost, as with any crash: hence the short wait
    // per try.)
    process.kill(first!, "SIGKILL");
    await expect.poll(() => freshConnectionStatus(`${cluster.url}/healthz`, 2_000), { timeout: 60_000 }).toBe(200);
    await expect
      .poll(
        () => {
          const now = childrenOf(cluster.child.pid!);
          return now.length === 2 && now.includes(second!) && !now.includes(first!);
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    // The primary's log line may reach the pipe after the new process shows in the process list.
    await expect.poll(() => cluster.output(), { timeout: 10_000 }).toContain("a server process died; starting another");
    await expect.poll(() => cluster.output().match(/Atelier is ready/g)?.length ?? 0, { timeout: 60_000 }).toBe(3);
    expect(await freshConnectionStatus(`${cluster.url}/shop`)).toBe(200);

    // SIGHUP (systemctl reload) replaces both, one at a time; requests on new connections never fail meanwhile.
    const before = childrenOf(cluster.child.pid!);
    const reloadStarted = Date.now();
    const answers: { status: number; ms: number; error?: string; at: number }[] = [];
    let polling = true;
    const poller = (async () => {
      while (polling) {
        // A page, not /healthz: a process that is draining says 503 there on purpose (out of rotation).
        const at = Date.now() - reloadStarted;
        answers.push({ ...(await freshConnection(`${cluster.url}/shop`)), at });
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    })();
    process.kill(cluster.child.pid!, "SIGHUP");
    await expect
      .poll(() => cluster.output().includes("reloaded: every process runs the current build"), { timeout: 120_000 })
      .toBe(true);
    polling = false;
    await poller;
    const after = childrenOf(cluster.child.pid!);
    expect(after).toHaveLength(2);
    expect(after.filter((pid) => before.includes(pid))).toEqual([]);
    expect(answers.length).toBeGreaterThan(10);
    // A failure says what the request met and when (ms after SIGHUP), beside the primary's log of the reload.
    expect(
      answers.filter((answer) => answer.status !== 200),
      cluster
        .output()
        .split("\n")
        .filter((line) => /reload|is ready|stopping|drain/.test(line))
        .join("\n"),
    ).toEqual([]);
  } finally {
    expect(await stop(cluster)).toBe(0);
  }
  expect(cluster.output()).toContain("every process stopped");
});

test("WEB_CONCURRENCY above 1 without DATABASE_URL is refused with a plain message", async () => {
  const refused = await startServer({
    DATA_DIR: runTempDir("atelier-processes-pglite-"),
    WEB_CONCURRENCY: "2",
  });
  expect(await refused.exited).toBe(1);
  expect(refused.stderr()).toContain("WEB_CONCURRENCY above 1 needs DATABASE_URL");
});
