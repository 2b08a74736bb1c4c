// Operations contracts (ARCHITECTURE.md): first start seeds once, restarts keep data, SIGTERM stops cleanly,
// bad configuration is one clear line and a non-zero exit, and a held DATA_DIR is refused.
import { existsSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { join } from "node:path";
import { DEMO_ARTWORKS } from "../../app/modules/demo/demo-data";
import { createServerDatabase } from "../support/postgres-server";
import { startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { expect, test, waitForHydration } from "../support/fixtures";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });

async function galleryCount(server: Server) {
  const html = await (await fetch(`${server.url}/gallery`)).text();
  if (html.includes("No artworks yet.")) return 0;
  return Number(/(\d+)<!-- --> <!-- -->paintings?\.|(\d+) paintings?\./.exec(html)?.slice(1).find(Boolean));
}

test("a first start seeds once; a restart keeps the data and seeds nothing; SIGTERM stops cleanly", async () => {
  test.setTimeout(180_000);
  const dataDir = runTempDir("atelier-ops-");
  const first = await startServer({ DATA_DIR: dataDir });
  // The port is taken at once; /healthz says 503 while the first start migrates and seeds.
  expect(await waitHealthy(first)).toContain(503);
  expect(await galleryCount(first)).toBe(DEMO_ARTWORKS.length);
  expect(first.output()).toContain('"seeded":"demo"');
  expect(await stop(first)).toBe(0);
  expect(first.output()).toContain('"msg":"stopped"');

  const second = await startServer({ DATA_DIR: dataDir });
  await waitHealthy(second);
  expect(await galleryCount(second)).toBe(DEMO_ARTWORKS.length);
  expect(second.output()).not.toContain('"seeded"');
  expect(second.output()).not.toContain("generated AUTH_SECRET");

  // While it runs, a second process on the same DATA_DIR is refused with one clear line.
  const intruder = await startServer({ DATA_DIR: dataDir });
  expect(await intruder.exited).toBe(1);
  expect(intruder.stderr().trim()).toMatch(
    /^atelier: The data directory .* is in use by process \d+ .*Stop that process first/,
  );
  expect(intruder.stderr().trim().split("\n")).toHaveLength(1);
  expect(await stop(second)).toBe(0);
});

test("SIGTERM stops cleanly with clients still connected: an idle keep-alive, one trickling its headers, one being answered", async () => {
  const server = await startServer({ DATA_DIR: runTempDir("atelier-ops-"), SEED_DEMO: "false" }, { data: "blank" });
  await waitHealthy(server);
  const { hostname, port } = new URL(server.url);
  const open = (request: string) =>
    new Promise<Socket & { received: () => string }>((resolve) => {
      let received = "";
      const socket = connect({ host: hostname, port: Number(port) }, () => {
        socket.write(request);
        resolve(Object.assign(socket, { received: () => received }));
      });
      socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
      socket.on("error", () => undefined);
    });
  // A browser's keep-alive connection after its request, and a client that has sent half its headers.
  const idle = await open(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
  await expect.poll(() => idle.received()).toContain("200 OK");
  const trickler = await open(`GET / HTTP/1.1\r\nHost: ${hostname}\r\nX-Slow: `);
  // A request being answered when the signal comes is answered in full.
  const answering = fetch(`${server.url}/gallery`).then(async (r) => ({ status: r.status, html: await r.text() }));

  expect(await stop(server)).toBe(0);
  // The database was closed in order, not left to the 10 s limit's forced exit.
  expect(server.output()).toContain('"msg":"stopped"');
  expect(server.output()).not.toContain("shutdown took too long");
  const answered = await answering.catch((error: unknown) => ({ status: 0, html: String(error) }));
  expect([200, 503]).toContain(answered.status);
  for (const socket of [idle, trickler]) socket.destroy();
});

test("SIGHUP (systemctl reload) to a single process stops it as cleanly as SIGTERM, for systemd to start the new build", async () => {
  // The unit in docs/deployment.md reloads with SIGHUP. One process on the embedded database cannot hand its
  // port and database to a successor, so it stops in order and Restart=always starts the build now on disk;
  // before, Node's default ended it at once: requests cut, the database not closed, the data directory's lock left.
  const dataDir = runTempDir("atelier-ops-");
  const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "false" }, { data: "blank" });
  await waitHealthy(server);
  server.child.kill("SIGHUP");
  expect(await server.exited).toBe(0);
  expect(server.output()).toContain('"signal":"SIGHUP"');
  expect(server.output()).toContain('"msg":"stopped"');
  expect(existsSync(join(dataDir, "atelier.lock"))).toBe(false);
});

test("an unreachable DATABASE_URL is one readable line and exit code 1", async () => {
  const server = await startServer({
    DATA_DIR: runTempDir("atelier-ops-"),
    DATABASE_URL: "postgres://atelier:hunter2-pass@127.0.0.1:1/atelier",
  });
  expect(await server.exited).toBe(1);
  const lines = server.stderr().trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^atelier: Cannot connect to the database at DATABASE_URL \(postgres:\/\/atelier:\*\*\*@127\.0\.0\.1:1\/atelier\)/,
  );
  expect(server.output()).not.toContain("hunter2-pass");
});

test("invalid configuration is one readable line and exit code 1", async () => {
  const server = await startServer({ PORT: "not-a-port" });
  expect(await server.exited).toBe(1);
  expect(server.stderr().trim()).toBe("atelier: Invalid configuration: PORT must be a number.");
});

test("SEED_DEMO=false starts an empty shop", async () => {
  const server = await startServer({ DATA_DIR: runTempDir("atelier-ops-"), SEED_DEMO: "false" });
  await waitHealthy(server);
  expect(await galleryCount(server)).toBe(0);
  expect(await (await fetch(`${server.url}/gallery`)).text()).toContain("No artworks yet.");
  expect(await stop(server)).toBe(0);
});

test("without PUBLIC_URL (the quick start) the site takes its forms at localhost and at 127.0.0.1, and refuses other origins", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const server = await startServer({ DATA_DIR: runTempDir("atelier-ops-"), SEED_DEMO: "false", PUBLIC_URL: "" });
  await waitHealthy(server);
  const port = new URL(server.url).port;
  for (const host of ["127.0.0.1", "localhost"]) {
    const page = await browser.newPage();
    await page.goto(`http://${host}:${port}/auth?mode=sign-up`);
    await waitForHydration(page);
    await page.getByLabel("Email").fill(`quick.start@${host === "localhost" ? "example.com" : "example.org"}`);
    await page.getByLabel("Password").fill("a quiet harbour at dusk");
    // Without mail set up there is no address to confirm: the form promises no e-mail, and the new account is
    // signed in at the site's root.
    await expect(page.getByText("We will e-mail you a link to confirm your address.")).toHaveCount(0);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page).toHaveURL(`http://${host}:${port}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toHaveCount(0);
    // The realtime socket takes this origin too.
    await expect(page.getByRole("button", { name: "Connection status: Connected" })).toBeVisible();
    const footer = page.getByRole("contentinfo");
    await footer.getByLabel("Newsletter").fill(`reader@${host === "localhost" ? "example.com" : "example.org"}`);
    await footer.getByRole("button", { name: "Subscribe" }).click();
    await expect(footer.getByRole("status")).toHaveText("Thank you. Check your inbox and confirm your subscription.");
    await page.close();
  }
  // Another site's page posting here is refused.
  const refused = await fetch(`${server.url}/newsletter`, {
    method: "POST",
    headers: { origin: "http://evil.example", "content-type": "application/x-www-form-urlencoded" },
    body: "email=someone%40example.com",
  });
  expect(refused.status).toBe(403);
  expect(await refused.text()).toBe("Cross-site request refused.");
  // A sign-in link may bring the browser back to either local origin, never to another site.
  const callback = (url: string) => fetch(`${server.url}/api/auth/get-session?callbackURL=${encodeURIComponent(url)}`);
  for (const host of ["127.0.0.1", "localhost"])
    expect((await callback(`http://${host}:${port}/gallery`)).status, host).toBe(200);
  const away = await callback("http://evil.example/gallery");
  expect(away.status).toBe(400);
  expect(await away.text()).toBe("This link points outside the site.");
  expect(await stop(server)).toBe(0);
});

test("with DATABASE_URL it migrates and seeds an empty PostgreSQL database, once", async () => {
  test.skip(!process.env.TEST_DATABASE_URL, "TEST_DATABASE_URL is not set");
  test.setTimeout(180_000);
  const { url, drop } = await createServerDatabase("atelier_e2e");
  try {
    const env = {
      DATA_DIR: runTempDir("atelier-ops-"),
      DATABASE_URL: url,
      AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-42",
    };
    const first = await startServer(env);
    await waitHealthy(first);
    expect(await galleryCount(first)).toBe(DEMO_ARTWORKS.length);
    expect(await stop(first)).toBe(0);
    const second = await startServer(env);
    await waitHealthy(second);
    expect(await galleryCount(second)).toBe(DEMO_ARTWORKS.length);
    expect(second.output()).not.toContain('"seeded"');
    expect(await stop(second)).toBe(0);
  } finally {
    await drop();
  }
});
