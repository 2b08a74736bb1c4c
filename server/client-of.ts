// The one client address of a request (what every per-address limit counts by), for the Express chain and for a
// request that skips it (a page served from the page cache) alike: read with Express's own `req.ip` getter, so
// X-Forwarded-For is believed exactly as TRUST_PROXY says.
import type { IncomingMessage } from "node:http";
import express from "express";
import type { Config } from "~/config.server";
import { addressKey } from "~/modules/security/client-address";

/** The request's address key (security/client-address.ts): the chain keeps it in res.locals.clientIp. */
export function clientAddressOf(app: express.Express, req: IncomingMessage): string {
  return addressKey(clientIpOf(app, req));
}

/** The client's address itself, as Express's `req.ip` reads it (undefined when the socket has none). */
export function clientIpOf(app: express.Express, req: IncomingMessage): string | undefined {
  const ip: unknown = Reflect.get(express.request, "ip", Object.create(req, { app: { value: app } }));
  return typeof ip === "string" ? ip : undefined;
}

/** `clientIpOf` for a request outside the Express chain (a WebSocket upgrade), believing what TRUST_PROXY says. */
export function clientIpReader(trustProxy: Config["trustProxy"]): (req: IncomingMessage) => string | undefined {
  const app = express();
  app.set("trust proxy", trustProxy);
  return (req) => clientIpOf(app, req);
}
