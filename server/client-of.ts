// The one client address of a request (what every per-address limit counts by), for the Express chain and for a
// request that skips it (a page served from the page cache) alike: read with Express's own `req.ip` getter, so
// X-Forwarded-For is believed exactly as TRUST_PROXY says.
import type { IncomingMessage } from "node:http";
import express from "express";
import { addressKey } from "~/modules/security/client-address";

/** The request's address key (security/client-address.ts): the chain keeps it in res.locals.clientIp. */
export function clientAddressOf(app: express.Express, req: IncomingMessage): string {
  const ip: unknown = Reflect.get(express.request, "ip", Object.create(req, { app: { value: app } }));
  return addressKey(typeof ip === "string" ? ip : undefined);
}
