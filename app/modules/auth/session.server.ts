// The signed-in user of a request, with the spec's profile and role (§3 "Auth context"), and the guards
// every protected loader and action calls: requireUser (anonymous -> /auth) and requireAdmin (non-admin -> 403).
import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { data, redirect } from "react-router";
import { db } from "~/db/client.server";
import { profiles, session, user, userRoles } from "~/db/schema";
import { publish } from "~/modules/events/bus.server";
import { getSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { AUTH_COOKIE_PREFIX, auth } from "./auth.server";

export type Role = "admin" | "user";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  twoFactorEnabled: boolean;
}

export interface AuthContext {
  user: SessionUser;
  profile: { fullName: string } | null;
  /** "admin" when user_roles says so; anything else (or a failed lookup) is a plain user. */
  role: Role;
  sessionId: string;
}

/** One lookup per request, shared by the layout's and the page's loaders. */
const perRequest = new WeakMap<Request, Promise<AuthContext | null>>();

export function getAuthContext(request: Request): Promise<AuthContext | null> {
  let pending = perRequest.get(request);
  if (!pending) {
    pending = loadAuthContext(request);
    perRequest.set(request, pending);
  }
  return pending;
}

/** The names of a Cookie header's cookies. */
function cookieNames(header: string | null | undefined): string[] {
  if (!header) return [];
  return header.split(";").map((part) => {
    const eq = part.indexOf("=");
    return (eq < 0 ? part : part.slice(0, eq)).trim();
  });
}

const ownCookie = (name: string) => name.replace(/^__(Secure|Host)-/, "").startsWith(`${AUTH_COOKIE_PREFIX}.`);

/** Whether a request carries any of our sign-in cookies (the page cache serves only those without). */
export function hasAuthCookie(header: string | null | undefined): boolean {
  return cookieNames(header).some(ownCookie);
}

/** Whether a request may have a session at all: without the session cookie there is nothing to look up. */
export function hasSessionCookie(header: string | null | undefined): boolean {
  return cookieNames(header).some((name) => ownCookie(name) && name.endsWith(".session_token"));
}

/**
 * Set on a request that carries a session cookie, by the server and never by the client (server/app.ts
 * replaces whatever arrived): the key under which a refreshed session's cookies wait for that request's answer.
 */
export const SESSION_REFRESH_HEADER = "x-atelier-session-refresh";
/** The keys the server opened, each with the cookies written so far: a key no request opened is ignored. */
const refreshedCookies = new Map<string, string[]>();

/** Opens a key for a request about to be answered (an unguessable one: server/session-refresh.ts). */
export function openSessionRefresh(key: string): void {
  refreshedCookies.set(key, []);
}

/**
 * The Set-Cookie values better-auth wrote while reading the session of the request with this key, taken once
 * (the key is closed). A session used a day or more after its last refresh is extended in the database (30
 * days from now again); these cookies extend it in the browser too, so someone who keeps using the site stays
 * signed in.
 */
export function takeRefreshedSessionCookies(key: string): string[] {
  const cookies = refreshedCookies.get(key) ?? [];
  refreshedCookies.delete(key);
  return cookies;
}

async function loadAuthContext(request: Request): Promise<AuthContext | null> {
  if (!hasSessionCookie(request.headers.get("cookie"))) return null;
  const { headers, response: session } = await auth()
    .api.getSession({ headers: request.headers, returnHeaders: true })
    .catch(async (error: unknown) => {
      // better-auth says a failed query as its own "Failed to get session", without the cause: the database says
      // whether it is out of reach (then that is the error, answered 503 by server/database-outage.ts).
      await db().execute(sql`select 1`);
      throw error;
    });
  // For a cookie that names no session better-auth writes cleared ones. Those go out only with a page the
  // browser loads in full: the answer to a page's own request can reach the browser after the new session's
  // cookie (turning on two-factor sign-in replaces the session while the page's other requests still carry
  // the old one), and clearing would sign the person out.
  const key = request.headers.get(SESSION_REFRESH_HEADER);
  if (key && (session || request.headers.get("sec-fetch-mode") === "navigate"))
    refreshedCookies.get(key)?.push(...headers.getSetCookie());
  if (!session) return null;
  const { user } = session;
  const [profile, role] = await Promise.all([loadProfile(user.id), loadRole(user.id)]);
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: Boolean((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled),
    },
    profile,
    role,
    sessionId: session.session.id,
  };
}

/** Spec §8: a profile fetch failure is logged only; the user carries on without one. */
async function loadProfile(userId: string): Promise<{ fullName: string } | null> {
  try {
    const row = await db().query.profiles.findFirst({ where: eq(profiles.id, userId) });
    return row ? { fullName: row.fullName } : null;
  } catch (error) {
    services().logger.error({ err: error, userId }, "profile fetch failed");
    return null;
  }
}

/** What a session may still see: whether it opens the admin area, and until when it lasts unless used again. */
export type SessionStanding = { isAdmin: boolean; until: number } | null;

/**
 * The standing of each of these sessions, in one query (the realtime heartbeat's check of its sockets, and the
 * upgrade's): null for one that was deleted or has expired, and for an administrator's that has been idle past
 * the timeout, which is ended here as `requireAdmin` would end it. `isAdmin` is what `requireAdmin` lets in (the
 * role, and a second factor when the settings require one); `until` is the expiry, or for an administrator the
 * moment the idle timeout ends the session if it makes no admin request before.
 */
export async function sessionStandings(ids: string[]): Promise<Map<string, SessionStanding>> {
  const standings = new Map<string, SessionStanding>(ids.map((id) => [id, null]));
  if (ids.length === 0) return standings;
  const [{ security }, rows] = await Promise.all([
    getSettings(),
    db()
      .select({
        id: session.id,
        userId: session.userId,
        expiresAt: session.expiresAt,
        updatedAt: session.updatedAt,
        role: userRoles.role,
        twoFactorEnabled: user.twoFactorEnabled,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(userRoles, eq(userRoles.userId, session.userId))
      .where(inArray(session.id, ids)),
  ]);
  const now = Date.now();
  const idle: { sessionId: string; userId: string }[] = [];
  for (const row of rows) {
    const expiresAt = row.expiresAt.getTime();
    if (expiresAt <= now) continue;
    const isAdmin = row.role === "admin" && (!security.requireAdminTwoFactor || Boolean(row.twoFactorEnabled));
    if (!isAdmin) {
      standings.set(row.id, { isAdmin, until: expiresAt });
      continue;
    }
    const idleEnd = idleDeadline(row.updatedAt, security.adminIdleHours);
    if (idleEnd <= now) idle.push({ sessionId: row.id, userId: row.userId });
    else standings.set(row.id, { isAdmin, until: Math.min(expiresAt, idleEnd) });
  }
  for (const ended of idle) await endIdleAdminSession(ended);
  return standings;
}

/** When an administrator's session last active at `updatedAt` ends if it stays quiet (ms since the epoch). */
const idleDeadline = (updatedAt: Date, idleHours: number) => updatedAt.getTime() + idleHours * 3_600_000;

/** Ends an administrator's session that stayed quiet past the idle timeout; its sockets close in every process. */
async function endIdleAdminSession({ sessionId, userId }: { sessionId: string; userId: string }) {
  await db().delete(session).where(eq(session.id, sessionId));
  await publish("auth.sessions-ended", { sessionIds: [sessionId] });
  services().logger.info({ userId }, "admin session ended after inactivity");
}

/** Spec §8: a role fetch failure is logged only; the user carries on as a plain user. */
async function loadRole(userId: string): Promise<Role> {
  try {
    const row = await db().query.userRoles.findFirst({ where: eq(userRoles.userId, userId) });
    return row?.role === "admin" ? "admin" : "user";
  } catch (error) {
    services().logger.error({ err: error, userId }, "role fetch failed");
    return "user";
  }
}

/** Where /auth sends the user back to after signing in: a local path only, never another site. */
export function authUrlFor(request: Request): string {
  const url = new URL(request.url);
  return `/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`;
}

/** Anonymous users are sent to /auth, and back here after signing in. */
export async function requireUser(request: Request): Promise<AuthContext> {
  const context = await getAuthContext(request);
  if (!context) throw redirect(authUrlFor(request));
  return context;
}

export const ACCESS_DENIED_MESSAGE = "You don't have permission to access this area. Admin privileges required.";

/**
 * Every admin loader and action calls this (not only the layout): anonymous -> /auth; signed in but not an
 * admin -> a 403 that the admin layout renders as the Access Denied screen.
 */
export async function requireAdmin(request: Request): Promise<AuthContext> {
  const context = await requireUser(request);
  if (context.role !== "admin") throw data({ message: ACCESS_DENIED_MESSAGE }, { status: 403 });
  const { security } = await getSettings();
  if (security.requireAdminTwoFactor && !context.user.twoFactorEnabled) {
    // Sent to set a factor up first; a write (or a fetch) gets the same words as a 403.
    if (request.method === "GET") throw redirect(`/account?required=two-factor`);
    throw data({ message: TWO_FACTOR_REQUIRED_MESSAGE }, { status: 403 });
  }
  await keepAdminSessionAlive(request, context, security.adminIdleHours);
  return context;
}

export const TWO_FACTOR_REQUIRED_MESSAGE =
  "Administrators sign in with two-factor authentication. Set up an authenticator app or a phone on your account page to open the admin area.";

/** Admin activity is noted at most every few minutes: an idle check without a write on every request. */
const ACTIVITY_WRITE_MS = 5 * 60_000;

/**
 * Ends an administrator's session that has been quiet for `idleHours` (its websockets close with it), and
 * otherwise notes the activity. The session row's updated_at is the last admin activity.
 */
async function keepAdminSessionAlive(request: Request, context: AuthContext, idleHours: number) {
  const [row] = await db()
    .select({ updatedAt: session.updatedAt })
    .from(session)
    .where(eq(session.id, context.sessionId));
  if (!row) return;
  if (idleDeadline(row.updatedAt, idleHours) <= Date.now()) {
    await endIdleAdminSession({ sessionId: context.sessionId, userId: context.user.id });
    throw redirect(authUrlFor(request));
  }
  if (Date.now() - row.updatedAt.getTime() > ACTIVITY_WRITE_MS)
    await db().update(session).set({ updatedAt: new Date() }).where(eq(session.id, context.sessionId));
}

/** The name the admin header shows: the full name, or else the e-mail. */
export function displayName(context: Pick<AuthContext, "user" | "profile">): string {
  return context.profile?.fullName.trim() || context.user.email;
}

/**
 * Which session the page belongs to, for the page itself: a digest of the session's id, not the id. The
 * realtime widgets reconnect when it changes (turning on two-factor sign-in or changing the password replaces
 * the session and the server closes the old one's sockets).
 */
export function sessionKey(context: Pick<AuthContext, "sessionId">): string {
  return createHash("sha256").update(context.sessionId).digest("base64url").slice(0, 16);
}
