// A refreshed session reaches the browser (spec 4.16): when reading a request's session moved its expiry on
// (app/modules/auth/session.server.ts), the session cookie better-auth re-issued goes out with that request's
// answer, whatever route answers it. Only requests that carry a session cookie are marked; the mark is always
// the server's own (a random key it opened), so no client can take or fill another request's cookies.
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { NextFunction, Request, Response } from "express";
import {
  hasSessionCookie,
  openSessionRefresh,
  SESSION_REFRESH_HEADER,
  takeRefreshedSessionCookies,
} from "~/modules/auth/session.server";

export function sessionRefresh() {
  return (req: Request, res: Response, next: NextFunction) => {
    delete req.headers[SESSION_REFRESH_HEADER];
    if (!hasSessionCookie(req.headers.cookie)) return next();
    const key = randomUUID();
    openSessionRefresh(key);
    req.headers[SESSION_REFRESH_HEADER] = key;
    beforeHeaders(res, () => {
      const cookies = takeRefreshedSessionCookies(key);
      if (cookies.length === 0) return;
      // What the route itself set wins (a sign-out's cleared cookie is not set again behind it).
      const own = new Set([res.getHeader("set-cookie") ?? []].flat().map((c) => cookieName(String(c))));
      const refreshed = cookies.filter((c) => !own.has(cookieName(c)));
      if (refreshed.length > 0) res.append("set-cookie", refreshed);
    });
    // An answer that never went out (the client left) leaves nothing behind.
    res.once("close", () => takeRefreshedSessionCookies(key));
    next();
  };
}

/** Runs `listener` once, just before the response's headers are written (as the on-headers package does). */
function beforeHeaders(res: ServerResponse, listener: () => void) {
  const writeHead = res.writeHead.bind(res);
  let fired = false;
  res.writeHead = ((...args: Parameters<ServerResponse["writeHead"]>) => {
    if (!fired) {
      fired = true;
      listener();
    }
    return writeHead(...args);
  }) as ServerResponse["writeHead"];
}

const cookieName = (setCookie: string) => setCookie.slice(0, setCookie.indexOf("=")).trim();
