// Authorization sweep over the built server. The routes come from app/routes.ts (the explicit route
// table), so a route added later is swept without editing this file:
// - every route under /admin, GET (and POST when its module exports an action): anonymous -> redirect to
//   /auth; a plain signed-in user -> 403 (the Access Denied screen), never 200 with data;
// - every other route module that exports an action: a POST from an anonymous visitor is refused (redirect
//   to /auth, 401 or 403), unless it is on the PUBLIC_ACTIONS list below with its reason;
// - the state-changing /api/auth endpoints refuse a caller without a session (the integration test
//   auth-api-sweep.test.ts sweeps every one of them).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import routes from "../../app/routes";
import { expect, test } from "../support/fixtures";
import { clientAddress, startAppServer, type AppServer } from "../support/app-server";

/** Actions anyone may post to, and why. A new one fails the sweep until it is listed here. */
const PUBLIC_ACTIONS: Record<string, string> = {
  "/auth": "signing in, signing up, e-mailed links and the first-run setup are for visitors",
  "/auth/sign-out": "ends the caller's own session; without one it does nothing",
  "/newsletter": "visitors subscribe to the newsletter",
  "/newsletter/confirm": "the e-mailed confirmation link; acts only with a token signed by the server (404 otherwise)",
  "/newsletter/unsubscribe":
    "one-click unsubscribe from a newsletter (RFC 8058), no sign-in; acts only with a token signed by the server",
  "/artwork/sweep-id/hold":
    "visitors ask the artist to hold a work; it blocks nothing until the artist approves (validated, rate-limited)",
  "/alerts": "visitors ask to be told of new works or a work's return; double opt-in (validated, rate-limited)",
  "/alerts/confirm":
    "the e-mailed confirmation of Notify me; acts only with a token signed by the server (404 otherwise)",
  "/alerts/unsubscribe":
    "one-click unsubscribe from Notify me (RFC 8058), no sign-in; acts only with a token signed by the server",
  "/commission/sweep-id":
    "a commission client's private page starts a payment; acts only with a link signed by the server (404 otherwise)",
  "/contact": "visitors send inquiries (validated and rate-limited per address)",
  "/commissions": "visitors request commissions (validated and rate-limited per address)",
  "/checkout": "buyers place orders without an account (prices come from the database, rate-limited)",
  "/track-order": "buyers look an order up by its number and e-mail (one neutral answer, rate-limited)",
  "/webhooks/stripe": "Stripe calls it; only a payload whose signature verifies acts (shop-stripe.test.ts)",
};

interface RouteEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteEntry[];
}

interface SweptRoute {
  url: string;
  /** Where a form posts to this route's action: an index route is told apart from its layout by `?index`. */
  actionUrl: string;
  pattern: string;
  hasAction: boolean;
}

/** Every route of the table with its full path, a concrete URL for it, and whether its module has an action. */
function flatten(entries: RouteEntry[], parent = ""): SweptRoute[] {
  return entries.flatMap((entry) => {
    const pattern = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const source = readFileSync(join("app", entry.file), "utf8");
    const hasAction =
      /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b|export\s*\{[^}]*\baction\b/.test(source);
    const url = `/${pattern
      .split("/")
      .filter((s) => s && !s.endsWith("?"))
      .map((s) => (s === "*" ? "sweep-missing" : s.startsWith(":") ? "sweep-id" : s))
      .join("/")}`;
    const actionUrl = entry.index ? `${url}?index` : url;
    const self = entry.path !== undefined || entry.index ? [{ url, actionUrl, pattern: `/${pattern}`, hasAction }] : [];
    return [...self, ...flatten(entry.children ?? [], pattern)];
  });
}

const ALL = flatten(routes);
const ADMIN = ALL.filter((r) => r.pattern === "/admin" || r.pattern.startsWith("/admin/"));
const OTHER_ACTIONS = ALL.filter((r) => r.hasAction && !ADMIN.includes(r) && !(r.url in PUBLIC_ACTIONS));

let server: AppServer;
let anonymous: APIRequestContext;
let plainUser: APIRequestContext;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startAppServer();
  const common = { baseURL: server.url, maxRedirects: 0, extraHTTPHeaders: { origin: server.url } };
  anonymous = await playwrightRequest.newContext({ ...common });
  plainUser = await playwrightRequest.newContext({
    ...common,
    extraHTTPHeaders: { ...common.extraHTTPHeaders, "x-forwarded-for": clientAddress() },
  });
  // A plain user: signs up, confirms the address by the mailed link (which signs in).
  const signUp = await plainUser.post("/api/auth/sign-up/email", {
    data: { email: "plain@example.com", password: "an ordinary visitor", name: "Plain Visitor" },
  });
  expect(signUp.status()).toBe(200);
  const confirmed = await plainUser.get(await server.linkFromMail("plain@example.com", /Confirm your e-mail/));
  expect(confirmed.status()).toBe(302);
  const me = (await (await plainUser.get("/api/auth/get-session")).json()) as { user?: { email: string } } | null;
  expect(me?.user?.email).toBe("plain@example.com");
});

test.afterAll(async () => {
  await anonymous?.dispose();
  await plainUser?.dispose();
  await server?.stop();
});

/** A refusal: a redirect to /auth, or 401/403. Anything else (200 with data above all) is a leak. */
function expectRefused(status: number, location: string | undefined, what: string) {
  const toSignIn = (status === 302 || status === 303) && /^(https?:\/\/[^/]+)?\/auth(\?|$)/.test(location ?? "");
  expect(toSignIn || status === 401 || status === 403, `${what} answered ${status} ${location ?? ""}`).toBe(true);
}

test("the route table is read: the sweep knows the public actions and finds the protected ones", () => {
  const actions = ALL.filter((r) => r.hasAction).map((r) => r.url);
  for (const url of Object.keys(PUBLIC_ACTIONS)) expect(actions, `${url} is listed as public`).toContain(url);
  expect(OTHER_ACTIONS.map((r) => r.url)).toContain("/account");
  // Viewing rooms (decision 0023): the admin's pages are swept, with their actions; the public room only reads.
  const swept = ADMIN.filter((r) => r.hasAction).map((r) => r.url);
  for (const url of ["/admin/rooms/new", "/admin/rooms/sweep-id"]) expect(swept).toContain(url);
  expect(ADMIN.map((r) => r.url)).toContain("/admin/rooms");
  expect(ALL.find((r) => r.pattern === "/room/:token")?.hasAction).toBe(false);
  // Zero admin routes is fine until the admin area is merged; each one found is swept below.
  test.info().annotations.push({ type: "admin routes", description: String(ADMIN.length) });
});

test("admin routes: anonymous visitors are sent to /auth, plain users get 403, for GET and for actions", async () => {
  if (ADMIN.length === 0) {
    // Before the admin area is merged: nothing is served under /admin, to anyone.
    expect((await anonymous.get("/admin")).status()).toBe(404);
    expect((await plainUser.get("/admin/artworks")).status()).toBe(404);
  }
  for (const route of ADMIN) {
    const anon = await anonymous.get(route.url);
    expectRefused(anon.status(), anon.headers().location, `anonymous GET ${route.url}`);
    expect(anon.headers().location).toContain(`redirectTo=${encodeURIComponent(route.url)}`);
    const plain = await plainUser.get(route.url);
    expect(plain.status(), `plain user GET ${route.url}`).toBe(403);
    if (!route.hasAction) continue;
    const anonPost = await anonymous.post(route.actionUrl, { form: { intent: "sweep" } });
    expectRefused(anonPost.status(), anonPost.headers().location, `anonymous POST ${route.actionUrl}`);
    const plainPost = await plainUser.post(route.actionUrl, { form: { intent: "sweep" } });
    expect(plainPost.status(), `plain user POST ${route.actionUrl}`).toBe(403);
  }
});

test("every other action refuses anonymous visitors unless it is a listed public one", async () => {
  for (const route of OTHER_ACTIONS) {
    const response = await anonymous.post(route.actionUrl, { form: { intent: "sweep" } });
    expectRefused(response.status(), response.headers().location, `anonymous POST ${route.actionUrl}`);
  }
});

test("state-changing /api/auth endpoints need a session", async () => {
  const calls: [string, Record<string, unknown>][] = [
    ["/api/auth/change-password", { currentPassword: "an ordinary visitor", newPassword: "another ordinary one" }],
    ["/api/auth/change-email", { newEmail: "taken-over@example.com" }],
    ["/api/auth/update-user", { name: "Someone else" }],
    ["/api/auth/two-factor/enable", { password: "an ordinary visitor" }],
    ["/api/auth/two-factor/disable", { password: "an ordinary visitor" }],
    ["/api/auth/revoke-sessions", {}],
    ["/api/auth/delete-user", {}],
  ];
  // Account changes are not served over HTTP at all (the account page makes them, after its checks): 404 for
  // anyone, a signed-in user included; the rest need a session.
  const accountChanges = new Set([
    "/api/auth/change-password",
    "/api/auth/change-email",
    "/api/auth/update-user",
    "/api/auth/two-factor/enable",
    "/api/auth/two-factor/disable",
    "/api/auth/delete-user",
  ]);
  for (const [path, data] of calls) {
    const response = await anonymous.post(path, { data });
    expect(response.status(), `anonymous POST ${path}`).toBe(accountChanges.has(path) ? 404 : 401);
    if (accountChanges.has(path))
      expect((await plainUser.post(path, { data })).status(), `signed-in POST ${path}`).toBe(404);
  }
  // A cross-site form post to one of our actions is refused before it runs.
  const crossSite = await plainUser.post("/account", {
    form: { intent: "name", fullName: "Hijacked" },
    headers: { origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
});
