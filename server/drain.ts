// A graceful stop of the HTTP server (server/main.ts, on SIGTERM): no new connections; a connection with no
// request the app is answering (an idle keep-alive, a client still sending its headers) is closed at once, and a
// websocket once its close frame is sent; a request being answered is answered in full and its connection closed
// after it; whatever is still open after the grace period is closed too. Before, `server.close()` waited for every
// connection: one client trickling its headers held the stop until the 10 s limit forced an exit that skipped
// closing the database.
//
// A connection accepted less than a second before the stop, on which no request has come yet, gets the rest of
// that second for its request: in a rolling reload (server/cluster.ts) the primary may hand a process a new
// connection just before asking it to drain, and closing it would fail a request that nothing could send again.
// Node's own `server.close()` would close it too (it closes "idle" connections since Node 19), so the listening
// socket is closed with net.Server's `close` and this module decides about each connection itself.
import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

/** How long after it is accepted a connection may take to send its first request during a drain. */
const NEW_CONNECTION_GRACE_MS = 1_000;

export interface Drainable {
  /** Resolves once every connection is closed: at the latest `graceMs` after it is called. */
  drain(graceMs: number): Promise<void>;
}

export function drainable(server: Server): Drainable {
  const open = new Set<Socket>();
  const answering = new Set<Socket>();
  const upgraded = new WeakSet<Socket>();
  /** When each connection that has not yet sent a request was accepted. */
  const awaitingFirst = new Map<Socket, number>();
  let draining = false;
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    awaitingFirst.set(socket, Date.now());
    socket.once("close", () => {
      open.delete(socket);
      answering.delete(socket);
      awaitingFirst.delete(socket);
    });
  });
  server.on("upgrade", (req: { socket: Socket }) => upgraded.add(req.socket));
  // Before the app's handler, which may answer at once: a request that comes during the drain is its last.
  server.prependListener("request", (req, res) => {
    const socket = req.socket;
    answering.add(socket);
    awaitingFirst.delete(socket);
    if (draining) res.setHeader("Connection", "close");
    res.once("close", () => {
      answering.delete(socket);
      // Its answer is sent: the connection is not kept for another request.
      if (draining) socket.end();
    });
  });
  return {
    drain(graceMs) {
      draining = true;
      return new Promise<void>((resolve) => {
        NetServer.prototype.close.call(server, () => resolve());
        const now = Date.now();
        const closeUnlessAnswering = (socket: Socket) => {
          if (!answering.has(socket)) socket.destroy();
        };
        for (const socket of open) {
          if (upgraded.has(socket)) {
            socket.end();
            continue;
          }
          // An idle keep-alive, or a new connection past its grace: closed now. A newer one: once its grace ends.
          const left = (awaitingFirst.get(socket) ?? -Infinity) + NEW_CONNECTION_GRACE_MS - now;
          if (left > 0) setTimeout(() => closeUnlessAnswering(socket), left).unref();
          else closeUnlessAnswering(socket);
        }
        setTimeout(() => {
          for (const socket of open) socket.destroy();
        }, graceMs).unref();
      });
    },
  };
}
