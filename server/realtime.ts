// The realtime endpoint: a WebSocket at /realtime on the same HTTP server, for signed-in users only (the
// session cookie is checked at the upgrade: without one the socket is closed at once with 4401; the Origin
// must be this site, else 403). Messages are the JSON
// shapes of app/lib/realtime.ts; the hub (app/modules/realtime/hub.server.ts) routes them.
import type { IncomingMessage, Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "~/logger.server";
import { WebSocketServer, type WebSocket } from "ws";
import type { Config } from "~/config.server";
import { REALTIME_PATH, UNAUTHORIZED_CLOSE } from "~/lib/realtime";
import { displayName, getAuthContext } from "~/modules/auth/session.server";
import { realtimeHub } from "~/modules/realtime/hub.server";

/** A socket that has not answered a ping for this long is gone (a laptop closed, a network dropped). */
const HEARTBEAT_MS = 30_000;

export interface Realtime {
  /** Closes every socket ("going away"), for a graceful stop. */
  close(): void;
}

export function attachRealtime(server: Server, { config, logger }: { config: Config; logger: Logger }): Realtime {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 16 * 1024 });
  const siteOrigin = new URL(config.publicUrl).origin;
  const alive = new WeakSet<WebSocket>();

  server.on("upgrade", (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    // Other upgrades (the development server's hot reload) are not ours.
    if (url.pathname !== REALTIME_PATH) return;
    const origin = req.headers.origin;
    if (!origin || (origin !== siteOrigin && new URL(origin).host !== req.headers.host)) {
      refuse(socket, 403, "Forbidden");
      return;
    }
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    getAuthContext(new Request(new URL(url.pathname, siteOrigin), { headers }))
      .then((context) => {
        if (!context) {
          // Accepted and closed at once, never joined to the hub (see UNAUTHORIZED_CLOSE).
          wss.handleUpgrade(req, socket, head, (ws) => ws.close(UNAUTHORIZED_CLOSE, "Sign in first"));
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          alive.add(ws);
          const member = realtimeHub().join(ws, {
            id: context.user.id,
            email: context.user.email,
            name: displayName(context),
          });
          ws.on("pong", () => alive.add(ws));
          ws.on("message", (data: Buffer, isBinary) => {
            if (!isBinary) member.receive(data.toString("utf8"));
          });
          ws.on("close", () => member.leave());
          ws.on("error", () => member.leave());
        });
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, "realtime: could not check the session");
        refuse(socket, 500, "Internal Server Error");
      });
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (!alive.has(ws)) {
        ws.terminate();
        continue;
      }
      alive.delete(ws);
      ws.ping();
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    close() {
      clearInterval(heartbeat);
      for (const ws of wss.clients) ws.close(1001, "Server stopping");
      wss.close();
    },
  };
}

function refuse(socket: Duplex, status: number, text: string) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
