// The client of a request that skips the Express chain (a page served from the page cache): read with Express's
// own `req.ip` getter, so X-Forwarded-For is believed exactly as TRUST_PROXY tells the chain to.
import type { IncomingMessage } from "node:http";
import express from "express";
import { addressKey } from "~/modules/security/client-address";

/** The request's address key (security/client-address.ts), as the chain's res.locals.clientIp would hold it. */
export function clientAddressOf(app: express.Express, req: IncomingMessage): string {
  const ip: unknown = Reflect.get(express.request, "ip", Object.create(req, { app: { value: app } }));
  return addressKey(typeof ip === "string" ? ip : undefined);
}
