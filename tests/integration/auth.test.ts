// Accounts core: sign-up makes a profile, roles decide the admin guard, and tokens verify against the JWKS.
import { once } from "node:events";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import express from "express";
import { generateKeyPair, SignJWT, exportJWK } from "jose";
import { describe, expect, it, vi } from "vitest";
import { account, profiles, session, user, userRoles } from "~/db/schema";
import { createLogger } from "~/logger.server";
import { auth } from "~/modules/auth/auth.server";
import {
  ACCESS_DENIED_MESSAGE,
  displayName,
  getAuthContext,
  requireAdmin,
  requireUser,
  sessionStandings,
  TWO_FACTOR_REQUIRED_MESSAGE,
} from "~/modules/auth/session.server";
import { subscribe } from "~/modules/events/bus.server";
import { saveSettings } from "~/modules/settings/settings.server";
import { TokenError, verifyToken } from "~/modules/auth/tokens.server";
import { services, setServices } from "~/services.server";
import { sessionRefresh } from "../../server/session-refresh";
import { failingDatabase } from "../support/failing-database";
import { BACKENDS, useTestServices } from "../support/harness";

const ORIGIN = "http://localhost:3000";

/**
 * Signs up through better-auth's API, confirms the address (as the e-mailed link would) and signs in;
 * returns the session cookie, as the browser would hold it.
 */
async function signUp(email: string, password: string, name = "", clientIp = "10.0.0.1"): Promise<string> {
  const headers = new Headers({ origin: ORIGIN, "x-atelier-client-ip": clientIp });
  await auth().api.signUpEmail({ body: { email, password, name }, headers });
  await services().db.update(user).set({ emailVerified: true }).where(eq(user.email, email.toLowerCase()));
  const signedIn = await auth().api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
  return cookieFrom(signedIn.headers);
}

function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

function requestWith(cookie: string, path = "/admin/artworks?page=2"): Request {
  return new Request(`${ORIGIN}${path}`, { headers: { cookie } });
}

/** /account behind the server's session middleware, answering the signed-in e-mail as React Router's handler would read it. */
async function accountPageBehindMiddleware(): Promise<{ url: string; close: () => void }> {
  const app = express();
  app.use(sessionRefresh());
  app.get("/account", (req, res, next) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
    getAuthContext(new Request(`${ORIGIN}/account`, { headers }))
      .then((context) => res.send(context?.user.email ?? "nobody"))
      .catch(next);
  });
  const server = app.listen(0, "127.0.0.1");
  await once(server, "listening");
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/account`,
    close: () => server.close(),
  };
}

/** A GET with the headers a browser sends (fetch would replace Sec-Fetch-Mode with its own "cors"). */
function browserGet(url: string, headers: Record<string, string>): Promise<{ body: string; setCookie: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ body, setCookie: res.headers["set-cookie"] ?? [] }));
      })
      .on("error", reject);
  });
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected the promise to throw");
}

describe.each(BACKENDS)("accounts core on %s", (backend) => {
  const ctx = useTestServices(backend, { PUBLIC_URL: ORIGIN });

  it("signs up with a full name into profiles and hashes the password with argon2id", async () => {
    const cookie = await signUp("Ada@Example.com", "a long enough passphrase", "Ada Lovelace");
    const context = await getAuthContext(requestWith(cookie));
    expect(context?.user.email).toBe("ada@example.com");
    expect(context?.profile).toEqual({ fullName: "Ada Lovelace" });
    expect(context?.role).toBe("user");
    expect(displayName(context!)).toBe("Ada Lovelace");
    const [credential] = await ctx.handle.db.select().from(account).where(eq(account.userId, context!.user.id));
    expect(credential?.password).toMatch(/^\$argon2id\$/);
  });

  it("stores an empty full name when none is given, and shows the e-mail instead", async () => {
    const cookie = await signUp("noname@example.com", "another long passphrase");
    const context = await getAuthContext(requestWith(cookie));
    const [profile] = await ctx.handle.db.select().from(profiles).where(eq(profiles.id, context!.user.id));
    expect(profile?.fullName).toBe("");
    expect(displayName(context!)).toBe("noname@example.com");
  });

  it("sends anonymous users to /auth with the page to come back to", async () => {
    const error = await thrown(requireUser(requestWith("")));
    expect(error).toBeInstanceOf(Response);
    expect((error as Response).status).toBe(302);
    expect((error as Response).headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Fartworks%3Fpage%3D2");
  });

  it("answers a plain user 403 with the Access Denied text, and lets an admin through", async () => {
    const cookie = await signUp("plain@example.com", "plain user passphrase");
    const denied = await thrown(requireAdmin(requestWith(cookie)));
    // React Router turns a thrown data() into the 403 error response the admin layout renders.
    expect(denied).toMatchObject({ data: { message: ACCESS_DENIED_MESSAGE }, init: { status: 403 } });

    const adminCookie = await signUp("owner@example.com", "owner of the shop", "Mara Ellison");
    const owner = await getAuthContext(requestWith(adminCookie));
    await ctx.handle.db.insert(userRoles).values({ userId: owner!.user.id, role: "admin" });
    const admin = await requireAdmin(requestWith(adminCookie));
    expect(admin.role).toBe("admin");
  });

  it("with two-factor required, sends an administrator without a factor to set one up first (security item 10)", async () => {
    const cookie = await signUp("strict@example.com", "strict owner passphrase", "Strict Owner");
    const owner = await getAuthContext(requestWith(cookie));
    await ctx.handle.db.insert(userRoles).values({ userId: owner!.user.id, role: "admin" });
    await saveSettings({ security: { requireAdminTwoFactor: true } });
    try {
      const sent = await thrown(requireAdmin(requestWith(cookie)));
      expect((sent as Response).status).toBe(302);
      expect((sent as Response).headers.get("location")).toBe("/account?required=two-factor");
      const write = new Request(`${ORIGIN}/admin/artworks`, { method: "POST", headers: { cookie } });
      expect(await thrown(requireAdmin(write))).toMatchObject({
        data: { message: TWO_FACTOR_REQUIRED_MESSAGE },
        init: { status: 403 },
      });
      // With a factor the admin area opens.
      await ctx.handle.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, owner!.user.id));
      expect((await requireAdmin(requestWith(cookie))).role).toBe("admin");
    } finally {
      await saveSettings({});
    }
  });

  it("ends an administrator's session after the idle timeout, and notes activity otherwise (security item 10)", async () => {
    const cookie = await signUp("idle@example.com", "idle owner passphrase");
    const owner = await getAuthContext(requestWith(cookie));
    await ctx.handle.db.insert(userRoles).values({ userId: owner!.user.id, role: "admin" });
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000);
    // Active 11 hours ago (the default timeout is 12): still signed in, and the activity is noted.
    await ctx.handle.db
      .update(session)
      .set({ updatedAt: hoursAgo(11) })
      .where(eq(session.id, owner!.sessionId));
    await requireAdmin(requestWith(cookie));
    const [noted] = await ctx.handle.db.select().from(session).where(eq(session.id, owner!.sessionId));
    expect(Date.now() - noted!.updatedAt.getTime()).toBeLessThan(60_000);
    // Quiet for 13 hours: signed out, sent to sign in again.
    await ctx.handle.db
      .update(session)
      .set({ updatedAt: hoursAgo(13) })
      .where(eq(session.id, owner!.sessionId));
    const ended = await thrown(requireAdmin(requestWith(cookie)));
    expect((ended as Response).headers.get("location")).toBe("/auth?redirectTo=%2Fadmin%2Fartworks%3Fpage%3D2");
    expect(await ctx.handle.db.select().from(session).where(eq(session.id, owner!.sessionId))).toEqual([]);
    expect(await getAuthContext(requestWith(cookie))).toBeNull();
  });

  it("tells the realtime heartbeat what each session may still see, and ends an idle administrator's (security item 10)", async () => {
    const hour = 3_600_000;
    const customer = (await getAuthContext(requestWith(await signUp("reader@example.com", "reader passphrase"))))!;
    const adminCookie = await signUp("keeper@example.com", "keeper of the studio");
    const admin = (await getAuthContext(requestWith(adminCookie)))!;
    await ctx.handle.db.insert(userRoles).values({ userId: admin.user.id, role: "admin" });
    const rowOf = async (id: string) => (await ctx.handle.db.select().from(session).where(eq(session.id, id)))[0];
    const ended: string[] = [];
    const unsubscribe = subscribe("auth.sessions-ended", ({ sessionIds }) => void ended.push(...sessionIds));
    try {
      // A customer's session lasts until it expires; an administrator's until the idle timeout (12 hours) too.
      await ctx.handle.db
        .update(session)
        .set({ updatedAt: new Date(Date.now() - 11 * hour) })
        .where(eq(session.id, admin.sessionId));
      const live = await sessionStandings([customer.sessionId, admin.sessionId, "s-gone"]);
      expect(live.get(customer.sessionId)).toEqual({
        isAdmin: false,
        until: (await rowOf(customer.sessionId))!.expiresAt.getTime(),
      });
      expect(live.get(admin.sessionId)).toEqual({
        isAdmin: true,
        until: (await rowOf(admin.sessionId))!.updatedAt.getTime() + 12 * hour,
      });
      expect(live.get("s-gone")).toBeNull();

      // With a second factor required, an administrator without one sees what a customer sees.
      await saveSettings({ security: { requireAdminTwoFactor: true } });
      expect((await sessionStandings([admin.sessionId])).get(admin.sessionId)).toMatchObject({ isAdmin: false });
      await saveSettings({});
      // So does one whose role was taken away.
      await ctx.handle.db.delete(userRoles).where(eq(userRoles.userId, admin.user.id));
      expect((await sessionStandings([admin.sessionId])).get(admin.sessionId)).toMatchObject({ isAdmin: false });
      await ctx.handle.db.insert(userRoles).values({ userId: admin.user.id, role: "admin" });

      // Quiet for 13 hours: the session is ended, as the next admin request would end it, and its sockets told.
      await ctx.handle.db
        .update(session)
        .set({ updatedAt: new Date(Date.now() - 13 * hour) })
        .where(eq(session.id, admin.sessionId));
      expect((await sessionStandings([admin.sessionId])).get(admin.sessionId)).toBeNull();
      expect(await rowOf(admin.sessionId)).toBeUndefined();
      await vi.waitFor(() => expect(ended).toContain(admin.sessionId));
      expect(await getAuthContext(requestWith(adminCookie))).toBeNull();
      // A customer's session has no idle timeout; an expired one is over.
      await ctx.handle.db
        .update(session)
        .set({ updatedAt: new Date(Date.now() - 13 * hour) })
        .where(eq(session.id, customer.sessionId));
      expect((await sessionStandings([customer.sessionId])).get(customer.sessionId)).toMatchObject({ isAdmin: false });
      await ctx.handle.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.id, customer.sessionId));
      expect((await sessionStandings([customer.sessionId])).get(customer.sessionId)).toBeNull();
    } finally {
      unsubscribe();
      await saveSettings({});
    }
  });

  it("refreshes a session used a day or more after its last refresh, in the database and in the browser (spec 4.16)", async () => {
    const cookie = await signUp("refresh@example.com", "refresh session passphrase", "", "10.0.0.2");
    const signedIn = await getAuthContext(requestWith(cookie, "/account"));
    const day = 86_400_000;
    const expiryOf = async () => {
      const [row] = await ctx.handle.db.select().from(session).where(eq(session.id, signedIn!.sessionId));
      return row!.expiresAt.getTime();
    };
    const { url, close } = await accountPageBehindMiddleware();
    try {
      // Just signed in: a use within the day leaves the expiry where it was, and no cookie is sent.
      const fresh = await expiryOf();
      expect(Math.abs(fresh - (Date.now() + 30 * day))).toBeLessThan(60_000);
      const early = await fetch(url, { headers: { cookie } });
      expect(await early.text()).toBe("refresh@example.com");
      expect(early.headers.getSetCookie()).toEqual([]);
      expect(await expiryOf()).toBe(fresh);

      // Signed in three days ago (27 days left): the next use moves the expiry 30 days from now, and the
      // answer carries the session cookie again with 30 days to live.
      await ctx.handle.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() + 27 * day) })
        .where(eq(session.id, signedIn!.sessionId));
      const due = await fetch(url, { headers: { cookie } });
      expect(await due.text()).toBe("refresh@example.com");
      expect(Math.abs((await expiryOf()) - (Date.now() + 30 * day))).toBeLessThan(60_000);
      const token = cookie.split("; ").find((c) => c.startsWith("atelier.session_token="))!;
      const renewed = due.headers.getSetCookie().find((c) => c.startsWith("atelier.session_token="));
      expect(renewed?.split(";")[0]).toBe(token);
      expect(renewed).toMatch(/Max-Age=2592000/i);
      expect(renewed).toMatch(/HttpOnly/i);

      // A key a client sends is not the server's: it neither takes nor fills another request's cookies.
      const forged = await fetch(url, { headers: { "x-atelier-session-refresh": "guess" } });
      expect(await forged.text()).toBe("nobody");
      expect(forged.headers.getSetCookie()).toEqual([]);
    } finally {
      close();
    }
  });

  it("a request still carrying a replaced session leaves the browser's new session cookie alone", async () => {
    // Turning on two-factor sign-in (or signing in again) replaces the browser's session. A request sent just
    // before, with the old cookie, is answered after the new cookie arrived: its answer must not clear it.
    const old = await signUp("replaced@example.com", "replaced session passphrase", "", "10.0.0.3");
    const replaced = await getAuthContext(requestWith(old, "/account"));
    await ctx.handle.db.delete(session).where(eq(session.id, replaced!.sessionId));
    const { url, close } = await accountPageBehindMiddleware();
    try {
      const late = await browserGet(url, { cookie: old, "sec-fetch-mode": "cors" });
      expect(late.body).toBe("nobody");
      expect(late.setCookie).toEqual([]);
      // A page the browser loads in full with the dead cookie (no request of the page's own can be overtaken)
      // clears it, so the browser stops sending it and gets the shared cached pages again.
      const load = await browserGet(url, { cookie: old, "sec-fetch-mode": "navigate" });
      expect(load.body).toBe("nobody");
      expect(load.setCookie).toContain("atelier.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax");
    } finally {
      close();
    }
  });

  it("reads only 'admin' from user_roles: any other row is a plain user", async () => {
    const cookie = await signUp("lookup@example.com", "lookup failure passphrase");
    const context = await getAuthContext(requestWith(cookie));
    await ctx.handle.db.insert(userRoles).values({ userId: context!.user.id, role: "user" });
    expect((await getAuthContext(requestWith(cookie)))?.role).toBe("user");
  });

  it("logs a failed profile or role lookup and carries on as a plain user without a profile", async () => {
    const cookie = await signUp("flaky@example.com", "flaky database passphrase", "Flaky");
    const saved = services();
    const logger = createLogger("silent");
    const logged = vi.spyOn(logger, "error");
    // Sessions still resolve (better-auth holds its own handle); the spec's two lookups fail.
    setServices({ ...saved, db: failingDatabase(), logger });
    try {
      const context = await getAuthContext(requestWith(cookie));
      expect(context).toMatchObject({ user: { email: "flaky@example.com" }, profile: null, role: "user" });
      expect(logged.mock.calls.map((c) => c[1]).sort()).toEqual(["profile fetch failed", "role fetch failed"]);
    } finally {
      setServices(saved);
    }
  });

  it("looks no session up for a request without the session cookie (a visitor costs no query)", async () => {
    const cookie = await signUp("visitor-check@example.com", "visitor check passphrase");
    const saved = services();
    // Without better-auth and with a database that fails every query, only a lookup could go wrong.
    setServices({ ...saved, auth: undefined, db: failingDatabase() });
    try {
      expect(await getAuthContext(new Request("http://localhost/gallery"))).toBeNull();
      expect(await getAuthContext(new Request("http://localhost/", { headers: { cookie: "theme=dark" } }))).toBeNull();
      await expect(getAuthContext(requestWith(cookie))).rejects.toThrow();
    } finally {
      setServices(saved);
    }
  });

  it("issues JWTs that verify against the published JWKS, and rejects bad signatures and expiry", async () => {
    const cookie = await signUp("token@example.com", "token holder passphrase");
    const { token } = await auth().api.getToken({ headers: new Headers({ cookie }) });
    const payload = await verifyToken(token);
    expect(payload.sub).toBeTruthy();

    // Same header and claims, signed by a key that is not ours.
    const { privateKey, publicKey } = await generateKeyPair("EdDSA", { crv: "Ed25519", extractable: true });
    const kid = (JSON.parse(Buffer.from(token.split(".")[0]!, "base64url").toString()) as { kid: string }).kid;
    const forged = await new SignJWT({ ...payload }).setProtectedHeader({ alg: "EdDSA", kid }).sign(privateKey);
    await expect(verifyToken(forged)).rejects.toThrow("Invalid JWT signature");
    expect(await exportJWK(publicKey)).toHaveProperty("x");

    // An expired token with a valid signature: rejected, unless expired tokens are allowed.
    const ours = await auth().api.signJWT({
      body: { payload: { sub: "u1", iss: ORIGIN, aud: ORIGIN, iat: 1_000, exp: 2_000 } },
    });
    const expired = await thrown(verifyToken(ours.token));
    expect(expired).toBeInstanceOf(TokenError);
    expect((expired as TokenError).code).toBe("expired");
    await expect(verifyToken(ours.token, { allowExpired: true })).resolves.toMatchObject({ sub: "u1" });
  });
});
