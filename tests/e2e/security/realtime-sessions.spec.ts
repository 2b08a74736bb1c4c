// A realtime socket does not outlive what let it in (docs/realtime.md "Who sees what", security item 10): once
// its session ends (signed out, in another process too; an administrator idle past the timeout) it is sent
// nothing more and closed with 4401, and an administrator's socket whose role was taken away is closed with 4403
// (the page connects again and sees what a customer sees). Presence names people and addresses, so a socket
// left open after the session would keep telling whoever sits at that screen who is online.
//
// Two production servers A and B on one PostgreSQL database (tests/support/postgres-processes.ts): what ends a
// session in one process closes its sockets in the other. The test changes the rows behind the servers' backs
// (an idle session, a role removed) as time and an operator would. Needs a PostgreSQL server: TEST_DATABASE_URL,
// else the one on 127.0.0.1:5432.
import type { QueryResultRow } from "pg";
import WebSocket from "ws";
import { PERMISSIONS_CHANGED_CLOSE, UNAUTHORIZED_CLOSE, type ServerMessage } from "../../../app/lib/realtime";
import { ADMIN } from "../../support/accounts";
import { expect, test } from "../../support/fixtures";
import { processesOnOneDatabase } from "../../support/postgres-processes";
import { onServer } from "../../support/postgres-server";
import type { Server } from "../../support/spawn-server";

test.describe.configure({ mode: "serial" });

const servers = processesOnOneDatabase("rt_sessions", {
  SEED_DEMO: "false",
  // No mail delivery: a new account signs in at once (docs/accounts.md).
  SMTP_URL: "",
  TRUST_PROXY: "false",
});
/** The servers check their sockets' sessions at every heartbeat (30 s); a generous margin on a loaded machine. */
const HEARTBEAT_WAIT_MS = 50_000;

/** Runs one statement on the servers' database, as an operator would (a connection of its own). */
const sql = <R extends QueryResultRow = Record<string, unknown>>(text: string, values: unknown[] = []) =>
  onServer<R>(servers.env.DATABASE_URL!, text, values);

/** Posts to better-auth's API on `on`; the session cookie it sets. */
async function sessionCookie(on: Server, path: string, body: object): Promise<string> {
  const answer = await fetch(`${on.url}/api/auth/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: on.url },
    body: JSON.stringify(body),
  });
  expect(answer.status, `${path}: ${answer.status}`).toBe(200);
  return answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** The session token a cookie carries (the signed cookie's value before its signature). */
function tokenOf(cookie: string): string {
  const value = decodeURIComponent(/session_token=([^;]+)/.exec(cookie)![1]!);
  return value.slice(0, value.lastIndexOf("."));
}

interface Live {
  ws: WebSocket;
  /** Every message the socket was sent, in order. */
  messages: ServerMessage[];
  /** The close code, once closed. */
  closed: Promise<number>;
  /** The last presence it was sent. */
  presence: () => Extract<ServerMessage, { t: "presence" }> | undefined;
}

/** Opens a realtime socket on `on`; resolves once it joined (the first message) or was closed. */
function openSocket(on: Server, cookie: string): Promise<Live> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${on.url.replace("http", "ws")}/realtime`, { headers: { origin: on.url, cookie } });
    const messages: ServerMessage[] = [];
    const live: Live = {
      ws,
      messages,
      closed: new Promise<number>((done) => ws.on("close", (code) => done(code))),
      presence: () => messages.filter((m) => m.t === "presence").at(-1),
    };
    ws.on("message", (data: Buffer) => {
      messages.push(JSON.parse(data.toString("utf8")) as ServerMessage);
      resolve(live);
    });
    ws.on("close", () => resolve(live));
    ws.on("error", reject);
  });
}

/** Whether the socket is closed (with `code`) within `ms`. */
async function closedWithin(live: Live, ms: number): Promise<number | "open"> {
  return Promise.race([live.closed, new Promise<"open">((r) => setTimeout(() => r("open"), ms))]);
}

/** The e-mail addresses a presence names. */
const emails = (live: Live) => (live.presence()?.users ?? []).map((u) => u.email).sort();

test("signing out through one process closes that session's sockets in the other at once, and no one else's", async () => {
  const NOOR = { email: "noor@example.com", password: "linen sails at dusk", name: "Noor" };
  const first = await sessionCookie(servers.a, "sign-up/email", NOOR);
  const second = await sessionCookie(servers.b, "sign-in/email", { email: NOOR.email, password: NOOR.password });
  const tab = await openSocket(servers.a, first);
  const phone = await openSocket(servers.a, second);
  expect(tab.presence()).toBeDefined();

  // The first session signs out through B; its socket on A is closed, told nothing more.
  const signedOut = await fetch(`${servers.b.url}/auth/sign-out`, {
    method: "POST",
    headers: { origin: servers.b.url, cookie: first },
    redirect: "manual",
  });
  expect(signedOut.status).toBeLessThan(400);
  const sentBefore = tab.messages.length;
  expect(await closedWithin(tab, 5_000)).toBe(UNAUTHORIZED_CLOSE);

  // Someone arriving is news to the phone (another session of Noor's), not to the closed tab.
  const other = await openSocket(
    servers.b,
    await sessionCookie(servers.b, "sign-up/email", { ...NOOR, email: "ola@example.com" }),
  );
  await expect.poll(() => phone.presence()?.count).toBe(2);
  expect(tab.messages.length).toBe(sentBefore);
  // The signed-out cookie opens nothing.
  const again = await openSocket(servers.a, first);
  expect(await again.closed).toBe(UNAUTHORIZED_CLOSE);
  expect(again.messages).toEqual([]);
  for (const live of [phone, other]) live.ws.close();
});

test("an administrator's socket closes when the session idles past the timeout or the role is taken away", async () => {
  // Both wait for the servers' next heartbeat, so they share one test (one wait instead of two).
  test.setTimeout(90_000 + HEARTBEAT_WAIT_MS);
  const artistCookie = await sessionCookie(servers.a, "sign-in/email", {
    email: ADMIN.email,
    password: ADMIN.password,
  });
  const artist = await openSocket(servers.a, artistCookie);
  const KIT = { email: "kit@example.com", password: "umber and gold leaf", name: "Kit" };
  const kitCookie = await sessionCookie(servers.b, "sign-up/email", KIT);
  const {
    rows: [kitRow],
  } = await sql<{ id: string }>(`select id from "user" where email = $1`, [KIT.email]);
  // An operator makes Kit an administrator: Kit's socket is an administrator's, naming everyone online.
  await sql(`insert into user_roles (user_id, role) values ($1, 'admin')`, [kitRow!.id]);
  const kit = await openSocket(servers.b, kitCookie);
  await expect.poll(() => emails(kit)).toEqual([ADMIN.email, KIT.email]);
  await expect.poll(() => emails(artist)).toEqual([ADMIN.email, KIT.email]);

  // The artist's session has made no admin request for 13 hours (the timeout is 12), and Kit's role is removed.
  await sql(`update session set updated_at = now() - interval '13 hours' where token = $1`, [tokenOf(artistCookie)]);
  await sql(`delete from user_roles where user_id = $1`, [kitRow!.id]);

  expect(await closedWithin(artist, HEARTBEAT_WAIT_MS)).toBe(UNAUTHORIZED_CLOSE);
  expect(await closedWithin(kit, HEARTBEAT_WAIT_MS)).toBe(PERMISSIONS_CHANGED_CLOSE);
  const artistSent = artist.messages.length;

  // The idle session is over: gone from the database, and its cookie opens no socket.
  const { rowCount } = await sql(`select 1 from session where token = $1`, [tokenOf(artistCookie)]);
  expect(rowCount).toBe(0);
  const artistAgain = await openSocket(servers.a, artistCookie);
  expect(await artistAgain.closed).toBe(UNAUTHORIZED_CLOSE);
  expect(artistAgain.messages).toEqual([]);

  // Kit, still signed in, connects again and now sees what a customer sees: himself and a count.
  const kitAgain = await openSocket(servers.b, kitCookie);
  await expect.poll(() => kitAgain.presence()?.users.map((u) => u.email)).toEqual([KIT.email]);
  // Someone arriving reaches neither closed socket.
  const noor = await openSocket(
    servers.a,
    await sessionCookie(servers.a, "sign-in/email", { email: "noor@example.com", password: "linen sails at dusk" }),
  );
  await expect.poll(() => kitAgain.presence()?.count).toBe(2);
  expect(artist.messages.length).toBe(artistSent);
  for (const live of [kitAgain, noor]) live.ws.close();
});
