// Whether an error says the database is out of reach for now (not that a query is wrong): its server refuses or
// drops connections, the pool has none to give, or a lock someone else holds was not granted in time. Such a
// failure is answered 503 with Retry-After ("try again in a moment"), never as a fault of the page, and the log
// says it once a minute (`noteOutage`), not with a stack per request.
import type { Logger } from "~/logger.server";

/** Seconds a visitor or a balancer is asked to wait after a 503 for an unreachable database. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;

/** The headers of every 503 for an unreachable database: when to come back, and nothing kept by a cache. */
export const OUTAGE_HEADERS = {
  "retry-after": String(DATABASE_RETRY_AFTER_SECONDS),
  "cache-control": "no-store",
} as const;

/** What a visitor reads while the database is out of reach (a page, an API, a link of better-auth's). */
export const OUTAGE_MESSAGE = "The site is briefly unavailable. Please try again in a moment.";

let noted = 0;

/**
 * Says in the log that the database is out of reach, once a minute for the whole process: every place that
 * answers an outage (the routes' wrapper, better-auth's API, the forms that keep what was typed) calls it, and
 * each request still has its own line, with its status.
 */
export function noteOutage(logger: Logger, error: unknown): void {
  if (Date.now() - noted < 60_000) return;
  noted = Date.now();
  logger.warn(
    { err: outageReason(error) },
    "database unreachable: requests that need it are answered 503 (said once a minute)",
  );
}

/** The socket's own failures: nothing listens, the peer went away, no route, no name. */
const SOCKET_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * SQLSTATEs of a session or statement ended from outside: too many connections, a lock not granted in time
 * (lock_timeout), a statement cancelled (statement_timeout, pg_cancel_backend), the server shutting down or
 * starting; class 08 is every connection exception.
 */
const SQLSTATES = new Set(["53300", "55P03", "57014", "57P01", "57P02", "57P03"]);

/** node-postgres's own words (it has no codes for them) when a connection is lost or never made. */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/;

/** The error, or one it was caused by (Drizzle wraps the driver's), says the database is out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (typeof e !== "object") return false;
    const { code, severity, message } = e as { code?: unknown; severity?: unknown; message?: unknown };
    // A FATAL error ends the session: the server refused it (not accepting connections, too many) or killed it.
    if (severity === "FATAL" || severity === "PANIC") return true;
    if (typeof code === "string" && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08")))
      return true;
    if (typeof message === "string" && DRIVER_MESSAGES.test(message)) return true;
  }
  return false;
}

/** What the driver said, under Drizzle's "Failed query: …" (whose text is the query): for a one-line log. */
export function outageReason(error: unknown): { message?: string; code?: string } {
  let e = error as { cause?: unknown; message?: string; code?: string };
  for (let depth = 0; e.cause && typeof e.cause === "object" && depth < 5; depth++) e = e.cause;
  return { message: e.message, code: e.code };
}
