// What keeps one bad request from stopping the process (docs/security.md "The process never dies of a
// request"): the HTTP server answers a request its parser refuses with 400 and closes it, slow clients are
// timed out, and an error that escapes every handler is logged. An uncaught exception still ends the process
// (its state is unknown), to be restarted by the supervisor (systemd Restart=always, docs/deployment.md); a
// rejected promise nobody awaited is logged and the server carries on.
import type { Server } from "node:http";
import type { Duplex } from "node:stream";
import type { Logger } from "~/logger.server";

export function guardHttpServer(server: Server, logger: Logger): void {
  // Headers must arrive within 20 s and a whole request within 5 minutes (a 200 MB import on a home line);
  // idle keep-alive connections close after 65 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 65_000;
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    try {
      if (error.code !== "ECONNRESET" && socket.writable)
        socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroy();
    } catch (failure) {
      logger.warn({ err: failure }, "could not answer a malformed request");
    }
  });
}

export function guardProcess(logger: Logger): void {
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "a promise was rejected and nobody handled it");
  });
  process.on("uncaughtException", (error) => {
    logger.fatal({ err: error }, "uncaught exception: stopping (the supervisor restarts the server)");
    process.exitCode = 1;
    setTimeout(() => process.exit(1), 100).unref();
  });
}
