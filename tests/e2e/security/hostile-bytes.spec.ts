// Bytes no browser sends, against a running production build: a NUL byte (PostgreSQL cannot store one) in an
// address, a query or a form field, a percent-escape that decodes to nothing, and HTTP conditions a static
// file cannot meet. Each is the sender's mistake: a 4xx (or the form's own answer), never a 5xx, and never a
// token or a typed value in the server's log (docs/security.md, control 19).
import { connect } from "node:net";
import { request as playwrightRequest } from "@playwright/test";
import { ADMIN_SERVER_ENV } from "../../support/accounts";
import { signInAdmin } from "../../support/admin-fixtures";
import { expect, test } from "../../support/fixtures";
import { spawnedSpecServer } from "../../support/spawn-server";

test.describe.configure({ mode: "serial" });

const server = spawnedSpecServer(
  {
    LOG_LEVEL: "info",
    ...ADMIN_SERVER_ENV,
    REQUIRE_ADMIN_TWO_FACTOR: "false",
  },
  { data: "demo" },
);
/** An available work of the demo catalogue, as its page's address names it. */
let work: string;

test.beforeAll(async () => {
  const shop = await (await fetch(`${server.url}/shop`)).text();
  work = /\/artwork\/([0-9a-f-]{36})/.exec(shop)![1]!;
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { headers, redirect: "manual" });

const post = (path: string, fields: Record<string, string>) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "content-type": "application/x-www-form-urlencoded" },
    redirect: "manual",
  });

/** Waits for the log line of the request sent with this X-Request-Id (the server's output comes in on its own). */
async function loggedLine(requestId: string) {
  await expect.poll(() => server.output()).toContain(`"requestId":"${requestId}"`);
}

async function expectRefused(path: string, reason: string) {
  const response = await get(path);
  expect(response.status, path).toBe(400);
  expect(await response.text(), path).toBe(reason);
}

test("an address or a query holding a NUL byte is refused with 400, never a 500", async () => {
  for (const path of [
    `/artwork/%00`,
    `/artwork/${work}%00`,
    "/gallery?q=a%00b",
    "/gallery?medium=%00",
    `/checkout?artwork=%00`,
    "/checkout?cancelled=%00",
    "/og/artwork/a%00.jpg",
    "/api/auth/magic-link/verify?token=%00",
    "/api/cart?ids=%00",
  ])
    await expectRefused(path, "Bad Request: the address holds a byte no page can have.");
  expect((await get("/healthz")).status).toBe(200);
});

test("a search of stacked minus signs is searched like any other: the gallery answers 200, never a 500 or an error line", async () => {
  // PostgreSQL's websearch_to_tsquery fails on 33 negations in a row ("tsquery stack too small").
  const searches = [`${"-".repeat(40)}b`, `a ${"- ".repeat(40)}b`, "- ".repeat(60)];
  for (const q of searches) {
    for (const path of ["/gallery", "/api/gallery-works"]) {
      const response = await get(`${path}?q=${encodeURIComponent(q)}`);
      expect(response.status, `${path} ${q}`).toBe(200);
    }
  }
  const page = await (await get(`/gallery?q=${encodeURIComponent(`${"-".repeat(40)}zzzz`)}`)).text();
  expect(page).toContain("paintings");
  expect(server.output()).not.toContain("tsquery");
  expect((await get("/healthz")).status).toBe(200);
});

test("a page kept in the page cache is not sent for an address the server refuses", async () => {
  // Stored by the first visit: the next one is a hit (page-cache.spec checks that), whatever query it carries.
  await get("/gallery");
  expect((await get("/gallery")).headers.get("x-cache")).toBe("hit");
  expect((await get("/gallery?utm_source=x")).headers.get("x-cache")).toBe("hit");
  await expectRefused("/gallery?utm_source=%00", "Bad Request: the address holds a byte no page can have.");
  await expectRefused("/gallery?utm_source=%ff%00", "Bad Request: the address holds a byte no page can have.");
});

test("a percent-escape that decodes to nothing is refused with 400, and a token before it never reaches the log", async () => {
  for (const path of [
    "/%ff",
    "/blog/%",
    "/room/%ZZ",
    "/commission/%c0",
    "/artwork/%C0%AF",
    "/assets/%ff",
    "/media/%ff/x.dzi",
    "/og/artwork/%ff.jpg",
    "/api/auth/reset-password/abc%ff",
  ])
    await expectRefused(path, "Bad Request: the address is not valid.");
  const secret = "SecretRoomToken4242";
  expect((await get(`/room/${secret}%ff`, { "x-request-id": "hb-undecodable" })).status).toBe(400);
  await loggedLine("hb-undecodable");
  expect(server.output()).not.toContain(secret);
});

test("a static file answers what its conditions ask for: 416 past its end, 412 when a precondition fails", async () => {
  const home = await (await get("/")).text();
  const script = /\/assets\/[\w.-]+\.js/.exec(home)![0];
  const answers = [
    [await get(script, { range: "bytes=99999999-", "accept-encoding": "br", "x-request-id": "hb-416" }), 416],
    [await get("/favicon.svg", { "if-match": '"nope"', "x-request-id": "hb-412a" }), 412],
    [
      await get("/favicon.svg", {
        "if-unmodified-since": "Mon, 01 Jan 1990 00:00:00 GMT",
        "x-request-id": "hb-412b",
      }),
      412,
    ],
  ] as const;
  for (const [answer, status] of answers) {
    expect(answer.status).toBe(status);
    // The short text the answer is, not the file it names: no encoding of the file's, kept by nobody.
    expect(answer.headers.get("content-encoding")).toBeNull();
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(await answer.text()).toMatch(/^(Range Not Satisfiable|Precondition Failed)$/);
  }
  for (const id of ["hb-416", "hb-412a", "hb-412b"]) await loggedLine(id);
  expect(server.output()).not.toMatch(/RangeNotSatisfiableError|PreconditionFailedError/);
});

test("a NUL byte typed into a form is dropped: the form is answered as without it, and nothing is lost", async () => {
  // Order tracking: no such order, said as for any other number.
  const tracked = await post("/track-order", { number: "A-1\u0000", email: "t@example.com" });
  expect(tracked.status).toBeLessThan(500);
  expect(await tracked.text()).toContain("We could not find an order with that number and e-mail address");

  // A hold request: received, its name without the byte.
  const hold = await post(`/artwork/${work}/hold.data`, {
    name: "Ada\u0000 Lovelace",
    email: "ada@example.com",
    note: "Back\u0000 on Friday",
  });
  expect(hold.status).toBe(200);
  expect(await hold.text()).not.toContain("SanitizedError");

  // A reset link's token: refused as any unknown token is.
  const reset = await post("/auth.data", { intent: "reset", token: "\u0000", password: "Xx-long-pass-2026!" });
  expect(reset.status).toBeLessThan(500);

  // The administrator's own name on /account.
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    await signInAdmin(admin, server.url);
    const renamed = await admin.post("/account.data", {
      form: { intent: "name", fullName: "Mara\u0000 Ellison" },
      headers: { origin: server.url },
    });
    expect(renamed.status()).toBe(200);
    const account = await (await admin.get("/account")).text();
    expect(account).toContain('value="Mara Ellison"');
  } finally {
    await admin.dispose();
  }

  // A checkout: the order is placed, its note without the byte.
  const order = await post("/checkout.data", {
    name: "Nul Buyer",
    email: "nul@example.com",
    addressLine1: "1 Main Street",
    addressLine2: "\u0000",
    city: "Springfield",
    region: "CA",
    country: "US",
    postalCode: "12345",
    fulfilment: "ship",
    idempotencyKey: crypto.randomUUID(),
    item: `${work}:1`,
    note: "Leave\u0000 at the door",
  });
  expect(order.status).toBeLessThan(500);
  expect(await order.text()).toMatch(/order-confirmation/);
  expect(server.output()).not.toMatch(/invalid byte sequence|0x00/);
  expect((await get("/healthz")).status).toBe(200);
});

test("better-auth's own endpoints refuse a NUL byte without a 5xx, and its log line keeps nothing typed", async () => {
  const before = server.output().length;
  const email = "nul-signup@example.com";
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password: "a long walk by the estuary", name: "Ada\u0000 Lovelace" }),
  });
  expect(signUp.status).toBeGreaterThanOrEqual(400);
  expect(signUp.status).toBeLessThan(500);
  await expect.poll(() => server.output().slice(before)).toContain("/api/auth/sign-up/email");
  expect(server.output().slice(before)).not.toContain(email);
});

test("a request a route has no handler for is answered 405 and logged as one line, with no stack", async () => {
  const before = server.output().length;
  const response = await fetch(`${server.url}/api/cart`, { method: "POST", body: "{}" });
  expect(response.status).toBe(405);
  // An admin page's own error boundary renders it: no text of its own in the log either.
  expect(
    (await fetch(`${server.url}/admin`, { method: "PUT", headers: { "x-request-id": "hb-put-admin" } })).status,
  ).toBe(405);
  await loggedLine("hb-put-admin");
  await expect.poll(() => server.output().slice(before)).toContain('"status":405');
  const logged = server.output().slice(before);
  expect(logged).not.toMatch(/\n\s+at /);
  for (const line of logged.trim().split("\n")) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
});

test("a resource route's refusals say what they are: the methods it takes, a dead link, a sign-in it needs", async () => {
  const refusals = [
    { path: "/robots.txt", method: "POST", status: 405, allow: "GET, HEAD", body: /answers GET and HEAD only/ },
    { path: "/sitemap.xml", method: "PUT", status: 405, allow: "GET, HEAD", body: /answers GET and HEAD only/ },
    { path: "/api/cart", method: "DELETE", status: 405, allow: "GET, HEAD", body: /answers GET and HEAD only/ },
    { path: "/api/offline-queue", method: "GET", status: 405, allow: "POST", body: /answers POST only/ },
    { path: "/api/offline-queue", method: "PUT", status: 405, allow: "POST", body: /Send changes with POST/ },
    { path: "/certificates/not-a-token", method: "GET", status: 404, allow: null, body: /^No certificate can be/ },
    { path: "/api/notifications", method: "POST", status: 401, allow: null, body: /Sign in to see your notifications/ },
  ];
  for (const { path, method, status, allow, body } of refusals) {
    const response = await fetch(`${server.url}${path}`, { method, redirect: "manual" });
    expect(response.status, `${method} ${path}`).toBe(status);
    if (allow) expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
    const text = await response.text();
    expect(text, `${method} ${path}`).toMatch(body);
    expect(text).not.toContain("Unexpected Server Error");
  }
  expect((await get("/healthz")).status).toBe(200);
});

/** Sends `head` (a request line and headers, no body) as written, and answers the status of the response. */
function raw(head: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => socket.end(`${head}\r\nConnection: close\r\n\r\n`));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => resolve(Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0)));
  });
}

test("a method no page has, a Host that names no address, a target that is not a path: 4xx, never a 500 or a stack", async () => {
  const before = server.output().length;
  const host = new URL(server.url).host;
  // TRACE (which the Fetch API cannot even represent) on a page, an auth endpoint, a script and a picture.
  for (const path of ["/", "/gallery", "/api/auth/get-session", "/assets/x.js", "/media/a/b"])
    expect(await raw(`TRACE ${path} HTTP/1.1\r\nHost: ${host}`), `TRACE ${path}`).toBe(405);
  // A Host no URL can hold, or none at all, on a page rendered for the request and on better-auth's.
  for (const badHost of ["localhost:99999", "local host", "[::1", "localhost:abc", "", "a/b:99999", "a?:99999"])
    for (const path of ["/artwork/1", "/robots.txt", "/api/auth/get-session"])
      expect(await raw(`GET ${path} HTTP/1.1\r\nHost: ${badHost}`), `${path} with Host ${badHost}`).toBe(400);
  expect(await raw("GET /artwork/1 HTTP/1.0"), "HTTP/1.0 without a Host").toBe(400);
  // A load balancer's health check needs no Host.
  expect(await raw("GET /healthz HTTP/1.0"), "health check without a Host").toBe(200);
  // An absolute-form target names another site: no page of this one.
  for (const path of ["/artwork/1", "/api/auth/get-session"])
    expect(await raw(`GET http://evil.example${path} HTTP/1.1\r\nHost: ${host}`), path).toBe(400);
  // X-Forwarded-Proto is a proxy's to send (TRUST_PROXY): from anyone else it changes nothing.
  for (const proto of ["https, http", "ht tp", "javascript"]) {
    const session = await get("/api/auth/get-session", { "x-forwarded-proto": proto });
    expect(session.status, proto).toBe(200);
  }
  expect((await get("/healthz")).status).toBe(200);
  const logged = server.output().slice(before);
  expect(logged).not.toMatch(/\n\s+at /);
  expect(logged).not.toContain("unhandled error");
});

test("a post whose Origin is the site but whose Host is another name is refused 400, without a stack in the log", async () => {
  const before = server.output().length;
  const { port } = new URL(server.url);
  const status = await raw(
    [
      "POST /contact HTTP/1.1",
      `Host: 127.0.0.2:${port}`,
      `Origin: ${server.url}`,
      "Content-Type: application/x-www-form-urlencoded",
      "Content-Length: 0",
      "X-Request-Id: hb-foreign-host",
    ].join("\r\n"),
  );
  expect(status).toBe(400);
  await loggedLine("hb-foreign-host");
  const logged = server.output().slice(before);
  expect(logged).not.toMatch(/\n\s+at /);
  expect(logged).not.toContain('"level":50');
  // A warning names the two addresses (a proxy without TRUST_PROXY looks like this to every form).
  expect(logged).toContain("its Origin is not the address it was sent to");
});

test("what the studio writes or imports cannot hold the process: 2,000 quote marks, 40,000 emphasis marks, a CSV of blank lines", async () => {
  test.setTimeout(120_000);
  const admin = await playwrightRequest.newContext({ baseURL: server.url });
  try {
    await signInAdmin(admin, server.url);
    const preview = (markdown: string) =>
      admin.post("/admin/markdown-preview", { form: { markdown }, headers: { origin: server.url } });
    // The stack overflowed here: a 500.
    const quotes = await preview(`${">".repeat(2000)} deep`);
    expect(quotes.status()).toBe(200);
    expect(JSON.stringify(await quotes.json())).toContain("blockquote");
    // Six seconds of the event loop here; the marks now show as typed.
    const marks = await preview("_a".repeat(40_000));
    expect(marks.status()).toBe(200);
    expect(JSON.stringify(await marks.json())).toContain("_a_a_a");

    // 10 MB of line breaks: a 500 after a gigabyte of memory.
    const csv = Buffer.from(`Title\n${"\n".repeat(10 * 1024 * 1024 - 8)}`);
    const imported = await admin.post("/admin/import", {
      multipart: { intent: "upload", file: { name: "blank.csv", mimeType: "text/csv", buffer: csv } },
      headers: { origin: server.url },
    });
    expect(imported.status()).toBeLessThan(500);
    expect(await imported.text()).toContain("The file has more than 100,000 rows.");
  } finally {
    await admin.dispose();
  }
  expect((await get("/healthz")).status).toBe(200);
});

test("a form of thousands of fields is refused with 400 before any of them is read, and the server keeps answering", async () => {
  // Each name once: the fields were gathered per name by searching the whole form, so a commission request of
  // 40,000 empty fields held the process for 15 s, and ten small ones to the contact form for 24 s.
  const fields = (n: number) => Array.from({ length: n }, (_, i) => `${i.toString(36)}=`).join("&");
  const send = (path: string, body: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      redirect: "manual",
    });
  for (const [path, n] of [
    ["/commissions", 40_000],
    ["/contact", 12_000],
    ["/newsletter", 12_000],
    [`/artwork/${work}/hold`, 12_000],
  ] as const) {
    const [refused, health] = await Promise.all([send(path, fields(n)), fetch(`${server.url}/healthz`)]);
    expect(refused.status, path).toBe(400);
    expect(await refused.text(), path).toContain("The form has too many fields.");
    expect(health.status).toBe(200);
  }
});

test("a hold asked for an address that is no work's id is a 404, counted nowhere and with no stack in the log", async () => {
  const marker = `hold-${Date.now()}`;
  const response = await fetch(`${server.url}/artwork/not-a-uuid/hold`, {
    method: "POST",
    body: new URLSearchParams({ name: "Bob", email: "bob@example.com" }),
    headers: { "content-type": "application/x-www-form-urlencoded", "x-request-id": marker },
    redirect: "manual",
  });
  expect(response.status).toBe(404);
  await loggedLine(marker);
  expect(server.output()).not.toContain("invalid input syntax for type uuid");
  expect((await get("/artwork/not-a-uuid/hold")).status).toBe(404);
});

test("a sign-up over the API with a 15,000-character name is refused with the form's sentence, and the server lives", async () => {
  const signUp = (name: string, email: string) =>
    fetch(`${server.url}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body: JSON.stringify({ name, email, password: "a long and quiet studio passphrase" }),
    });
  for (const name of ["x".repeat(15_000), `a${" ".repeat(15_000)}`]) {
    const refused = await signUp(name, "long.name@example.com");
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ message: "Keep your name under 120 characters." });
  }
  expect((await signUp("Iris Vale", "long.name@example.com")).status).toBe(200);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
});
