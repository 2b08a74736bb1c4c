// A graceful stop of the HTTP server (server/main.ts, on SIGTERM): no new connections; a connection with no
// request the app is answering (an idle keep-alive, a client still sending its headers) is closed at once, and a
// websocket once its close frame is sent; a request being answered is answered in full and its connection closed
// after it; whatever is still open after the grace period is closed too. Before, `server.close()` waited for every
// connection: one client trickling its headers held the stop until the 10 s limit forced an exit that skipped
// closing the database.
import type { Server } from "node:http";
import type { Socket } from "node:net";

export interface Drainable {
  /** Resolves once every connection is closed: at the latest `graceMs` after it is called. */
  drain(graceMs: number): Promise<void>;
}

export function drainable(server: Server): Drainable {
  const open = new Set<Socket>();
  const answering = new Set<Socket>();
  const upgraded = new WeakSet<Socket>();
  let draining = false;
  server.on("connection", (socket: Socket) => {
    open.add(socket);
    socket.once("close", () => {
      open.delete(socket);
      answering.delete(socket);
    });
  });
  server.on("upgrade", (req: { socket: Socket }) => upgraded.add(req.socket));
  server.on("request", (req, res) => {
    const socket = req.socket;
    answering.add(socket);
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
        server.close(() => resolve());
        for (const socket of open) {
          if (upgraded.has(socket)) socket.end();
          else if (!answering.has(socket)) socket.destroy();
        }
        setTimeout(() => {
          for (const socket of open) socket.destroy();
        }, graceMs).unref();
      });
    },
  };
}
