// Security issue items 1 and 2: no upgrade request can stop the server or hold its sockets. Each request is
// sent raw, as an attacker would, to a production server of this spec's own (a crash must not take the shared
// one down with it).
import { connect, type Socket } from "node:net";
import WebSocket from "ws";
import { TRY_AGAIN_LATER_CLOSE } from "../../../app/lib/realtime";
import { MAX_SOCKETS_PER_ADDRESS } from "../../../server/realtime-budget";
import { ADMIN, ADMIN_SERVER_ENV } from "../../support/accounts";
import { expect, test } from "../../support/fixtures";
import { spawnedSpecServer, startServer, stop, waitHealthy, type Server } from "../../support/spawn-server";
import { runTempDir } from "../../support/test-run";

test.describe.configure({ mode: "serial" });

const server = spawnedSpecServer({
  SEED_DEMO: "false",
  // Behind a proxy on this machine: the per-address test says where its clients are with X-Forwarded-For.
  TRUST_PROXY: "loopback",
  ...ADMIN_SERVER_ENV,
});
let port: number;

test.beforeAll(() => {
  port = Number(new URL(server.url).port);
});

const KEY = "dGhlIHNhbXBsZSBub25jZQ==";

function upgradeRequest(target: string, headers: Record<string, string> = {}): string {
  const lines = [
    `GET ${target} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    "Connection: Upgrade",
    "Upgrade: websocket",
    "Sec-WebSocket-Version: 13",
    `Sec-WebSocket-Key: ${KEY}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** Sends raw bytes; resolves with what came back once the server closed the connection (or after `ms`). */
function exchange(raw: string, ms = 5000): Promise<{ response: string; closed: boolean }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let response = "";
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ response, closed: false });
    }, ms);
    socket.on("data", (d) => (response += d.toString("latin1")));
    socket.on("error", () => undefined);
    socket.on("close", () => {
      clearTimeout(timer);
      resolve({ response, closed: true });
    });
    socket.write(raw);
  });
}

/** Posts to better-auth's API (from `from`, an address the server believes with TRUST_PROXY); the session cookie. */
async function sessionCookie(on: Server, path: string, body: object, from?: string): Promise<string> {
  const answer = await fetch(`${on.url}/api/auth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: on.url, ...(from ? { "x-forwarded-for": from } : {}) },
    body: JSON.stringify(body),
  });
  expect(answer.status).toBe(200);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Opens a realtime socket; resolves once it joined (the server's first message) or was closed. */
function openSocket(on: Server, cookie: string, from?: string) {
  return new Promise<{ ws: WebSocket; closed: Promise<number> }>((resolve, reject) => {
    const ws = new WebSocket(`${on.url.replace("http", "ws")}/realtime`, {
      headers: { origin: on.url, cookie, ...(from ? { "x-forwarded-for": from } : {}) },
    });
    const closed = new Promise<number>((done) => ws.on("close", (code) => done(code)));
    // The server's first message says the socket joined (a refused one is closed without it).
    ws.once("message", () => resolve({ ws, closed }));
    ws.on("close", () => resolve({ ws, closed }));
    ws.on("error", reject);
  });
}

async function healthy(): Promise<number> {
  return (await fetch(`${server.url}/healthz`)).status;
}

test("a websocket upgrade with Origin: null (a sandboxed iframe) is refused with 403 and the server lives", async () => {
  const { response } = await exchange(upgradeRequest("/realtime", { Origin: "null" }));
  expect(response).toMatch(/^HTTP\/1\.1 403 /);
  expect(await healthy()).toBe(200);
  for (const origin of ["foo", "http://[", "http://evil.example", `http://127.0.0.1:${port}.evil.example`]) {
    const { response: r } = await exchange(upgradeRequest("/realtime", { Origin: origin }));
    expect(r, origin).toMatch(/^HTTP\/1\.1 403 /);
  }
  expect(await healthy()).toBe(200);
});

test("an upgrade to a malformed path is answered 400 and the server lives", async () => {
  for (const target of ["//[x]/realtime", "http://[::1/realtime", "/%E0%A4%A/realtime"]) {
    const { response, closed } = await exchange(upgradeRequest(target, { Origin: server.url }));
    expect(response, target).toMatch(/^HTTP\/1\.1 400 /);
    expect(closed, target).toBe(true);
  }
  expect(await healthy()).toBe(200);
});

test("an upgrade to any other path is answered 400 and closed at once", async () => {
  const { response, closed } = await exchange(upgradeRequest("/", { Origin: server.url }), 3000);
  expect(response).toMatch(/^HTTP\/1\.1 400 /);
  expect(closed).toBe(true);
});

test("a thousand idle upgrade requests are all closed and the server still answers", async () => {
  test.setTimeout(120_000);
  const sockets: Socket[] = [];
  const closed = new Set<Socket>();
  for (let i = 0; i < 1000; i++) {
    const socket = connect(port, "127.0.0.1");
    socket.on("error", () => undefined);
    socket.on("close", () => closed.add(socket));
    // Read what comes back, so the server's end of the connection is seen.
    socket.resume();
    socket.write(upgradeRequest(i % 2 ? "/" : "/anything-else"));
    sockets.push(socket);
  }
  await expect.poll(() => closed.size, { timeout: 60_000 }).toBe(1000);
  expect(await healthy()).toBe(200);
});

test("a client error (a request the parser refuses) is answered 400 and the server lives", async () => {
  const { response } = await exchange("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n");
  expect(response).toMatch(/^HTTP\/1\.1 400 /);
  const garbage = await exchange("\x00\x01\x02 not http at all\r\n\r\n");
  expect(garbage.closed).toBe(true);
  expect(await healthy()).toBe(200);
});

test("a signed-in socket that floods the server with messages is closed (1008), and the server keeps answering", async () => {
  const signUp = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ name: "Flood", email: "flood@example.com", password: "a long and quiet studio passphrase" }),
  });
  expect(signUp.status).toBe(200);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const closeCode = await new Promise<number>((resolve, reject) => {
    const ws = new WebSocket(`${server.url.replace("http", "ws")}/realtime`, {
      headers: { origin: server.url, cookie },
    });
    ws.on("open", () => {
      // Far faster than a page's ping a second.
      for (let id = 0; id < 5000; id++) ws.send(JSON.stringify({ t: "ping", id }));
    });
    ws.on("close", (code) => resolve(code));
    ws.on("error", reject);
  });
  expect(closeCode).toBe(1008);
  expect(await healthy()).toBe(200);
  await expect.poll(() => server.output()).toContain("realtime: socket closed, too many messages");
});

test("a signed-in socket that floods the server with ping frames is closed (1008) like one flooding messages", async () => {
  const cookie = await sessionCookie(server, "sign-up/email", {
    name: "Pinger",
    email: "pinger@example.com",
    password: "a long and quiet studio passphrase",
  });
  const { ws, closed } = await openSocket(server, cookie);
  expect(ws.readyState).toBe(WebSocket.OPEN);
  // Control frames never reach the message handler: each used to be answered with a pong, unread, without end.
  for (let i = 0; i < 5000; i++) ws.ping();
  expect(await closed).toBe(1008);
  expect(await healthy()).toBe(200);
});

test("signed-up accounts holding every socket leave the artist's sockets free, and the server keeps answering", async () => {
  test.setTimeout(120_000);
  // Twenty sockets in all, two of them kept for administrators.
  const small = await startServer({
    DATA_DIR: runTempDir("atelier-upgrade-"),
    SEED_DEMO: "false",
    REALTIME_MAX_CONNECTIONS: "20",
    ...ADMIN_SERVER_ENV,
  });
  try {
    await waitHealthy(small);
    const cookieOf = (path: string, body: object) => sessionCookie(small, path, body);
    const open = (cookie: string) => openSocket(small, cookie);
    const customers = [];
    for (let i = 0; i < 2; i++)
      customers.push(
        await cookieOf("sign-up/email", {
          name: `Holder ${i}`,
          email: `holder${i}@example.com`,
          password: "a long and quiet studio passphrase",
        }),
      );
    const held = [];
    for (let i = 0; i < 18; i++) held.push(await open(customers[i % 2]!));
    expect(held.every(({ ws }) => ws.readyState === WebSocket.OPEN)).toBe(true);
    // The nineteenth customer socket is refused, told to try again later (the page retries with a backoff).
    const refused = await open(customers[0]!);
    expect(await refused.closed).toBe(TRY_AGAIN_LATER_CLOSE);
    // The artist still connects.
    const artist = await open(await cookieOf("sign-in/email", { email: ADMIN.email, password: ADMIN.password }));
    expect(artist.ws.readyState).toBe(WebSocket.OPEN);
    expect((await fetch(`${small.url}/healthz`)).status).toBe(200);
    for (const { ws } of [...held, artist]) ws.close();
  } finally {
    await stop(small);
  }
});

test("one address holds at most fifty customers' sockets; another address, and the artist, still connect", async () => {
  const password = "a long and quiet studio passphrase";
  // Six accounts, each signed up from an address of its own.
  const customers: string[] = [];
  for (let i = 0; i < 6; i++)
    customers.push(
      await sessionCookie(
        server,
        "sign-up/email",
        { name: `Crowd ${i}`, email: `crowd${i}@example.com`, password },
        `203.0.113.${i + 1}`,
      ),
    );
  // Five of them open all ten of their pages from one address: its fifty.
  const crowded = "198.51.100.7";
  const held = [];
  for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) held.push(await openSocket(server, customers[i % 5]!, crowded));
  expect(held.every(({ ws }) => ws.readyState === WebSocket.OPEN)).toBe(true);
  // The sixth, from the same address, is told to try again later; from another address it connects.
  const refused = await openSocket(server, customers[5]!, crowded);
  expect(await refused.closed).toBe(TRY_AGAIN_LATER_CLOSE);
  const elsewhere = await openSocket(server, customers[5]!, "198.51.100.8");
  expect(elsewhere.ws.readyState).toBe(WebSocket.OPEN);
  // The artist at the crowded address is not counted.
  const artistCookie = await sessionCookie(server, "sign-in/email", { email: ADMIN.email, password: ADMIN.password });
  const artist = await openSocket(server, artistCookie, crowded);
  expect(artist.ws.readyState).toBe(WebSocket.OPEN);
  // A page closed gives its share back.
  held.pop()!.ws.close();
  await expect
    .poll(async () => {
      const retry = await openSocket(server, customers[5]!, crowded);
      const open = retry.ws.readyState === WebSocket.OPEN;
      if (open) held.push(retry);
      return open;
    })
    .toBe(true);
  expect(await healthy()).toBe(200);
  for (const { ws } of [...held, elsewhere, artist]) ws.close();
});
