// The realtime endpoint: a WebSocket at /realtime on the same HTTP server, for signed-in users only (the
// session cookie is checked at the upgrade: without one the socket is closed at once with 4401; the Origin
// must be exactly this site's, else 403). Messages are the JSON shapes of app/lib/realtime.ts; the hub
// (app/modules/realtime/hub.server.ts) routes them.
//
// Nothing a client sends here may stop the process (docs/security.md): every handler catches its own errors,
// an upgrade to any other path is answered 400 and closed, an unparsable request-target or Origin is refused,
// and the number of sockets is capped per person, per client address and in all.
//
// A socket lives no longer than its session (docs/realtime.md "Who sees what"): a session that ends (sign-out,
// revocation, an administrator's idle timeout met on a request) closes its sockets at once in every process; every
// heartbeat (30 s) the sockets' sessions are read again in one query (expired, idle past the timeout, the admin role
// or the required second factor gone), and the hub sends nothing past the moment a session is due to end.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "~/logger.server";
import { WebSocketServer, type WebSocket } from "ws";
import type { Config } from "~/config.server";
import { REALTIME_PATH, TOO_MANY_CONNECTIONS_CLOSE, TRY_AGAIN_LATER_CLOSE, UNAUTHORIZED_CLOSE } from "~/lib/realtime";
import { displayName, getAuthContext, sessionStandings } from "~/modules/auth/session.server";
import { addressKey } from "~/modules/security/client-address";
import { subscribe } from "~/modules/events/bus.server";
import { realtimeHub } from "~/modules/realtime/hub.server";
import { clientIpReader } from "./client-of";
import { isPrivateAddress, sharesByAddress } from "./guard";
import { MAX_BUFFERED_BYTES, MAX_SOCKETS_PER_ADDRESS, messageBudget } from "./realtime-budget";

/** A socket that has not answered a ping for this long is gone (a laptop closed, a network dropped). */
const HEARTBEAT_MS = 30_000;
/** Open sockets of one person (tabs and windows) and of the whole process. */
export const MAX_SOCKETS_PER_USER = 10;
/**
 * Sockets of the process's REALTIME_MAX_CONNECTIONS kept for administrators (a tenth at most): signed-up accounts
 * holding every other socket still leave the artist's dashboard live.
 */
export const ADMIN_RESERVED_SOCKETS = 20;
/** Upgrades whose session is being read at once; more are answered 503 (the page tries again later). */
const MAX_PENDING_UPGRADES = 64;

export interface Realtime {
  /** Closes every socket ("going away"), for a graceful stop. */
  close(): void;
}

export function attachRealtime(server: Server, { config, logger }: { config: Config; logger: Logger }): Realtime {
  // Pings are answered below, within the socket's budget: ws's own answer to each one let a client that sent
  // millions of them (and read none of the pongs) hold the event loop for seconds and gigabytes of memory.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024, autoPong: false });
  const alive = new WeakSet<WebSocket>();
  const forEveryone =
    config.realtimeMaxConnections - Math.min(ADMIN_RESERVED_SOCKETS, Math.floor(config.realtimeMaxConnections / 10));
  let upgrading = 0;
  const perAddress = sharesByAddress(MAX_SOCKETS_PER_ADDRESS);
  const clientIp = clientIpReader(config.trustProxy);

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    // The socket is ours now: Node no longer times it out, so every path below answers and ends it.
    socket.on("error", () => socket.destroy());
    try {
      const target = req.url ?? "/";
      const url = URL.canParse(target, "http://localhost") ? new URL(target, "http://localhost") : undefined;
      // Only /realtime upgrades (the development server's hot reload listens on a port of its own).
      if (!url || url.pathname !== REALTIME_PATH || target.startsWith("//")) {
        refuse(socket, 400, "Bad Request");
        return;
      }
      if (!config.siteOrigins.includes(req.headers.origin ?? "")) {
        refuse(socket, 403, "Forbidden");
        return;
      }
      // Sessions are read for a bounded number of upgrades at once; which of the remaining sockets one may take
      // is decided once its session is known (administrators have sockets kept for them).
      if (realtimeHub().size() >= config.realtimeMaxConnections || upgrading >= MAX_PENDING_UPGRADES) {
        refuse(socket, 503, "Service Unavailable");
        return;
      }
      const ip = clientIp(req);
      upgrading++;
      checkSession(req)
        .then((session) => {
          if (socket.destroyed) return;
          wss.handleUpgrade(req, socket, head, (ws) => {
            if (!session) {
              // Accepted and closed at once, never joined to the hub (see UNAUTHORIZED_CLOSE).
              ws.close(UNAUTHORIZED_CLOSE, "Sign in first");
              return;
            }
            const { context, standing } = session;
            if (realtimeHub().size(context.user.id) >= MAX_SOCKETS_PER_USER) {
              ws.close(TOO_MANY_CONNECTIONS_CLOSE, "Too many open pages");
              return;
            }
            if (realtimeHub().size() >= (standing.isAdmin ? config.realtimeMaxConnections : forEveryone)) {
              ws.close(TRY_AGAIN_LATER_CLOSE, "Too many people connected");
              return;
            }
            // Customers' sockets from a public address count against its share (a private one is a proxy's).
            if (!standing.isAdmin && ip && !isPrivateAddress(ip)) {
              const taken = perAddress.take(addressKey(ip));
              if ("full" in taken) {
                ws.close(TRY_AGAIN_LATER_CLOSE, "Too many pages open from this address");
                return;
              }
              ws.once("close", taken.release);
            }
            join(ws, session);
          });
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, "realtime: could not check the session");
          refuse(socket, 500, "Internal Server Error");
        })
        .finally(() => upgrading--);
    } catch (error) {
      logger.warn({ err: error }, "realtime: upgrade refused");
      refuse(socket, 400, "Bad Request");
    }
  });

  /**
   * The upgrade's session and what it may see (an administrator's idle past the timeout is ended here); undefined
   * without one.
   */
  async function checkSession(req: IncomingMessage) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const context = await getAuthContext(new Request(new URL(REALTIME_PATH, config.publicUrl), { headers }));
    if (!context) return undefined;
    const standing = (await sessionStandings([context.sessionId])).get(context.sessionId);
    return standing ? { context, standing } : undefined;
  }

  /** When a flooding socket was last logged: one line a minute, however many reconnect and flood. */
  let floodWarned = 0;

  function join(ws: WebSocket, { context, standing }: NonNullable<Awaited<ReturnType<typeof checkSession>>>) {
    alive.add(ws);
    const member = realtimeHub().join(ws, {
      id: context.user.id,
      email: context.user.email,
      name: displayName(context),
      isAdmin: standing.isAdmin,
      sessionId: context.sessionId,
      until: standing.until,
    });
    const take = messageBudget();
    let refused = false;
    /** Whether a frame the client sent (a message, a ping or a pong) is within its budget; else the socket closes. */
    const allowed = (): boolean => {
      if (refused) return false;
      // A client sending faster than any page does, or no longer reading what it is sent, is closed.
      if (take() && ws.bufferedAmount <= MAX_BUFFERED_BYTES) return true;
      refused = true;
      if (Date.now() - floodWarned > 60_000) {
        floodWarned = Date.now();
        logger.warn({ userId: context.user.id }, "realtime: socket closed, too many messages");
      }
      ws.close(1008, "Too many messages");
      setTimeout(() => ws.terminate(), 1_000).unref();
      return false;
    };
    ws.on("pong", () => {
      if (allowed()) alive.add(ws);
    });
    ws.on("ping", (data: Buffer) => {
      if (allowed()) ws.pong(data);
    });
    ws.on("message", (data: Buffer, isBinary) => {
      if (!allowed()) return;
      try {
        if (!isBinary) member.receive(data.toString("utf8"));
      } catch (error) {
        logger.warn({ err: error }, "realtime: message dropped");
      }
    });
    ws.on("close", () => member.leave());
    ws.on("error", () => {
      member.leave();
      ws.terminate();
    });
  }

  // A session that ends anywhere (sign-out, "sign out other browsers", a reset password) closes its sockets in
  // every process at once.
  const unsubscribe = subscribe("auth.sessions-ended", ({ sessionIds }) => {
    realtimeHub().closeSessions(sessionIds);
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      // No answer to the last ping, or what it was sent piling up unread: gone or not reading.
      if (!alive.has(ws) || ws.bufferedAmount > MAX_BUFFERED_BYTES) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
    // Sessions that expired, idled past the admin timeout or were deleted behind our back close their sockets too,
    // and a socket whose session gained or lost the admin area is closed to join again as what it is now.
    const open = realtimeHub().sessionIds();
    if (open.size === 0) return;
    sessionStandings([...open])
      .then((standings) => realtimeHub().reviewSessions(standings))
      .catch((error: unknown) => logger.warn({ err: error }, "realtime: could not check the sessions"));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      unsubscribe();
      for (const ws of wss.clients) ws.close(1001, "Server stopping");
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  if (socket.destroyed) return;
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  // A client that never reads must not keep the descriptor: end() waits for it, destroy does not.
  setTimeout(() => socket.destroy(), 1000).unref();
}
