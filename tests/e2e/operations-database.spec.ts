// The PostgreSQL server out of reach under a running shop for a while, then back (docs/deployment.md
// "PostgreSQL"): a visitor is asked to try again (503 with Retry-After), never shown a fault of the page; a buyer
// placing an order keeps what they typed and places it once; the log says it in a few lines, not one per request;
// and once the database is back the same pages answer, without a restart.
// A server of the spec's own on a new PostgreSQL database, which the spec closes to connections and opens again
// (ALTER DATABASE … ALLOW_CONNECTIONS), as a failover or a restart of the server does.
// Needs a PostgreSQL server: TEST_DATABASE_URL, else the one on 127.0.0.1:5432.
import { request as playwrightRequest, type Page } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "../support/accounts";
import { signInAdmin } from "../support/admin-fixtures";
import { expect, test, waitForHydration } from "../support/fixtures";
import { onServer, SERVER_POSTGRES_URL, serverDatabase } from "../support/postgres-server";
import { addToCartFromShop, checkoutForm, confirmedOrderNumber, fillCheckout } from "../support/shop-flow";
import { startServer, stop, waitHealthy, type Server } from "../support/spawn-server";
import { runTempDir } from "../support/test-run";

test.describe.configure({ mode: "serial" });
// Chromium reports each 503 the page receives as a console error.
test.use({ expectedConsoleErrors: [/status of 503 \(Service Unavailable\)/] });

const shopDatabase = serverDatabase("atelier_outage");
const { name: database, url: databaseUrl } = shopDatabase;
let server: Server | undefined;

test.beforeAll(async () => {
  await shopDatabase.create();
  server = await startServer({
    ...ADMIN_SERVER_ENV,
    DATABASE_URL: databaseUrl,
    DATA_DIR: runTempDir("atelier-outage-"),
    AUTH_SECRET: "the outage spec's own secret, 0123456789",
    // One process: the log of one says each thing once.
    WEB_CONCURRENCY: "1",
  });
  await waitHealthy(server, 180_000);
});
test.afterAll(async () => {
  if (server) await stop(server);
  await shopDatabase.drop();
});

const started = () => {
  if (!server) throw new Error("the spec's server is used before it started");
  return server;
};

/** The shop's database refuses every connection and loses those it had, until `reachable()`. */
async function outOfReach() {
  await onServer(SERVER_POSTGRES_URL, `alter database ${database} allow_connections false`);
  await onServer(
    SERVER_POSTGRES_URL,
    `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
  );
}
/** A visitor's cart with one work, put in from the shop's page. */
async function putInCart(page: Page, title: string) {
  await page.goto(`${started().url}/shop`);
  await addToCartFromShop(page, title);
}

const reachable = () => onServer(SERVER_POSTGRES_URL, `alter database ${database} allow_connections true`);

/** What `/metrics` says of the event bus: 1 while the server hears the database's NOTIFY, 0 while it reconnects. */
const busUp = async () =>
  /^atelier_event_bus_up (\d)$/m.exec(await (await fetch(`${started().url}/metrics`)).text())?.[1];

// Each test starts with the event bus listening again: when it is back it empties the page cache (what it missed
// meanwhile may have changed any page), which must not happen in the middle of the next test.
test.afterEach(async () => {
  await reachable();
  await expect.poll(busUp, { timeout: 30_000 }).toBe("1");
});

test("out of reach: a page is a calm 503 with Retry-After and the log says so in a few lines; back, the same pages answer without a restart", async ({
  page,
}) => {
  const { url } = started();
  // The gallery is rendered once now, and kept by the page cache.
  const works = [...new Set((await (await fetch(`${url}/gallery`)).text()).match(/\/artwork\/[0-9a-f-]{36}/g))];
  expect(works.length).toBeGreaterThan(3);
  const admin = await playwrightRequest.newContext({ baseURL: url });
  await signInAdmin(admin, url);

  const logFrom = started().output().length;
  await outOfReach();
  // A work's page not rendered before: no copy is kept, so it needs the database.
  const answer = await fetch(`${url}${works[0]}`);
  expect(answer.status).toBe(503);
  expect(answer.headers.get("retry-after")).toBe("30");
  const html = await answer.text();
  expect(html).toContain("The site is briefly unavailable. Please try again in a moment.");
  expect(html).not.toMatch(/Failed query|DrizzleQueryError|accepting connections|at async/);
  // The artist's pages, and an API, the same.
  expect((await admin.get("/admin")).status()).toBe(503);
  const api = await fetch(`${url}/api/cart?ids=${works[1]!.split("/").at(-1)}`);
  expect(api.status).toBe(503);
  expect(api.headers.get("retry-after")).toBe("30");
  // A picture whose variant is not stored yet is looked up in the database as well (here one that does not exist).
  const picture = await fetch(`${url}/media/${"0".repeat(24)}/320.avif`);
  expect(picture.status).toBe(503);
  expect(picture.headers.get("retry-after")).toBe("30");
  // The sign-in form, sent by a browser without JavaScript: its page again, the answer beside the form and the
  // address kept, never the password.
  const signIn = await fetch(`${url}/auth`, {
    method: "POST",
    headers: { origin: url },
    body: new URLSearchParams({ intent: "sign-in", email: "rosa.vidal@example.com", password: "tidewater hymn 1857" }),
  });
  expect(signIn.status).toBe(503);
  expect(signIn.headers.get("retry-after")).toBe("30");
  const signInPage = await signIn.text();
  expect(signInPage).toContain(
    "You could not be signed in just now. Please try again in a minute: your e-mail address is kept.",
  );
  expect(signInPage).toContain('value="rosa.vidal@example.com"');
  expect(signInPage).not.toContain("tidewater hymn 1857");
  // The metrics still answer (from this machine), and say it.
  const metrics = await fetch(`${url}/metrics`);
  expect(metrics.status).toBe(200);
  expect(await metrics.text()).toMatch(/^atelier_database_up 0$/m);
  // The event bus lost its LISTEN connection too: what other processes publish does not reach this one.
  await expect.poll(busUp).toBe("0");
  // The page cache still serves what it keeps.
  expect((await fetch(`${url}/gallery`)).status).toBe(200);
  // In a browser: the page says it.
  await page.goto(`${url}${works[2]}`);
  await expect(page.getByText("The site is briefly unavailable. Please try again in a moment.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Back in a moment" })).toBeVisible();

  // Twenty more visitors: the log gains a few lines, not one per request (each still has its request line).
  for (let i = 0; i < 20; i++) expect((await fetch(`${url}${works[3]}?visit=${i}`)).status).toBe(503);
  const lines = started().output().slice(logFrom).trim().split("\n");
  for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
  const said = lines.filter((line) => !line.includes('"msg":"request"'));
  expect(said.filter((line) => line.includes("route error"))).toEqual([]);
  expect(said.filter((line) => line.includes("answered 503"))).toHaveLength(1);
  expect(said.filter((line) => line.includes("event bus: LISTEN connection lost"))).toHaveLength(1);
  // The rest: the job worker once.
  expect(said.length, said.join("\n")).toBeLessThanOrEqual(4);

  await reachable();
  await expect.poll(async () => (await fetch(`${url}${works[0]}`)).status, { timeout: 15_000 }).toBe(200);
  expect((await admin.get("/admin")).status()).toBe(200);
  expect(await (await fetch(`${url}/metrics`)).text()).toMatch(/^atelier_database_up 1$/m);
  // Within seconds the event bus listens again, and the log says so once.
  await expect.poll(busUp, { timeout: 30_000 }).toBe("1");
  expect(
    started()
      .output()
      .slice(logFrom)
      .match(/event bus: LISTEN connection back/g),
  ).toHaveLength(1);
  expect((await fetch(`${url}/api/cart?ids=${works[1]!.split("/").at(-1)}`)).status).toBe(200);
  await page.reload();
  await expect(page.getByRole("main").getByRole("heading", { level: 1 })).not.toHaveText(
    /Back in a moment|Unexpected Application Error!/,
  );
  await admin.dispose();
});

test("an order placed while the database is out of reach: asked to place it again, what was typed kept; placed again once it is back, it is one order, and Track your order keeps what was typed the same way", async ({
  page,
}) => {
  const { url } = started();
  await putInCart(page, "Tidewater Hymn");
  await page.goto(`${url}/checkout`);
  const buyer = { name: "Rosa Vidal", email: "rosa.vidal@example.com", street: "12 Chartres Street" };
  await fillCheckout(page, { ...buyer, city: "New Orleans", state: "LA", zip: "70130" });
  const place = checkoutForm(page).getByRole("button", { name: /^Place order/ });

  await outOfReach();
  await place.click();
  await expect(
    page.getByText(
      "Your order could not be placed just now. Please place it again in a minute: your details are kept, and an order is never placed twice.",
    ),
  ).toBeVisible();
  await expect(checkoutForm(page).getByLabel("Full name")).toHaveValue(buyer.name);
  await expect(checkoutForm(page).getByLabel("Street address")).toHaveValue(buyer.street);

  await reachable();
  await place.click();
  const number = await confirmedOrderNumber(page);
  const { rows } = await onServer<{ number: string }>(databaseUrl, "select number from orders where email = $1", [
    buyer.email,
  ]);
  expect(rows.map((row) => row.number)).toEqual([number]);

  // The buyer looks it up while the database is out of reach again: asked to try again, both fields kept.
  await page.goto(`${url}/track-order`);
  const main = page.getByRole("main");
  await main.getByLabel("Order number").fill(number);
  await main.getByLabel("Email").fill(buyer.email);
  await outOfReach();
  await main.getByRole("button", { name: "Track" }).click();
  await expect(
    main.getByText("Your order could not be looked up just now. Please try again in a minute: what you typed is kept."),
  ).toBeVisible();
  await expect(main.getByLabel("Order number")).toHaveValue(number);
  await expect(main.getByLabel("Email")).toHaveValue(buyer.email);
  await reachable();
  await main.getByRole("button", { name: "Track" }).click();
  await expect(main.getByText(number).first()).toBeVisible();
  await expect(main.getByText("Your order could not be looked up just now.")).toHaveCount(0);
});

test("the footer's newsletter box while the database is out of reach: asked to send it again, the address kept; sent again once it is back, one subscriber", async ({
  page,
}) => {
  const { url } = started();
  const reader = "harbour.reader@example.com";
  await page.goto(`${url}/gallery`);
  await waitForHydration(page);
  const footer = page.getByRole("contentinfo");
  await footer.getByLabel("Newsletter").fill(reader);
  const subscribe = footer.getByRole("button", { name: "Subscribe" });

  await outOfReach();
  await subscribe.click();
  await expect(footer.getByRole("status")).toHaveText(
    "Your sign-up could not be sent just now. Please send it again in a minute: your address is kept.",
  );
  await expect(footer.getByLabel("Newsletter")).toHaveValue(reader);

  await reachable();
  await subscribe.click();
  await expect(footer.getByRole("status")).toHaveText("Thank you. Check your inbox and confirm your subscription.");
  const { rows } = await onServer(databaseUrl, "select id from newsletter_subscribers where email = $1", [reader]);
  expect(rows).toHaveLength(1);
});

test("the cart while the database is out of reach: the drawer lists what is in it and says it could not be checked, and the page under it stays (the checkout with what was typed, the gallery from the page cache)", async ({
  page,
}) => {
  const { url } = started();
  await putInCart(page, "Porchlight");
  // Kept by the page cache from here (the order above changed what it showed).
  expect((await fetch(`${url}/gallery`)).status).toBe(200);
  const checkoutsCheck = page.waitForResponse((response) => response.url().includes("/api/cart"));
  await page.goto(`${url}/checkout`);
  await waitForHydration(page);
  expect((await checkoutsCheck).status()).toBe(200);
  await checkoutForm(page).getByLabel("Full name").fill("Rosa Vidal");
  const cartButton = page.getByRole("banner").getByRole("button", { name: "Cart, 1 item" });
  const drawer = page.getByRole("dialog", { name: "Your cart" });

  await outOfReach();
  for (const where of ["checkout", "gallery"]) {
    if (where === "gallery") {
      await page.goto(`${url}/gallery`);
      await waitForHydration(page);
    }
    const check = page.waitForResponse((response) => response.url().includes("/api/cart"));
    await cartButton.click();
    expect((await check).status(), where).toBe(503);
    await expect(drawer.getByRole("link", { name: "Porchlight" })).toBeVisible();
    await expect(drawer.getByRole("status")).toHaveText(
      "Your cart could not be checked just now: prices and availability are confirmed when you place the order.",
    );
    await drawer.getByRole("button", { name: "Close cart" }).click();
    await expect(page.getByRole("heading", { name: "Back in a moment" }), where).toHaveCount(0);
    if (where === "checkout") await expect(checkoutForm(page).getByLabel("Full name")).toHaveValue("Rosa Vidal");
    else await expect(page.getByRole("heading", { level: 1, name: "All works" })).toBeVisible();
  }
});
