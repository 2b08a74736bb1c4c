// What keeps one bad request from stopping the process (docs/security.md "The process never dies of a
// request"): the HTTP server answers a request its parser refuses with 400 and closes it, slow clients are
// timed out, and an error that escapes every handler is logged. An uncaught exception still ends the process
// (its state is unknown), to be restarted by the supervisor (systemd Restart=always, docs/deployment.md); a
// rejected promise nobody awaited is logged and the server carries on.
import { readFileSync } from "node:fs";
import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import type { Logger } from "~/logger.server";
import { addressKey, networkKeyOf } from "~/modules/security/client-address";

/**
 * Open connections one public client address may hold: a browser opens up to six and keeps them a minute, so
 * this is a gallery opening's guests on the venue's one address, not one host's way of holding them all.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 512;
/** An IPv6 network (its /48) may hold this many times one address's connections in all. */
export const NETWORK_CONNECTION_SHARE = 4;

/** File descriptors kept back from connections: the database's files and pool, logs, mail, media. */
const RESERVED_DESCRIPTORS = 512;

/** How often Node looks for connections past their header or request time (its default is 30 s). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 5_000;

export interface GuardOptions {
  /**
   * Whether clients reach the server directly (no TRUST_PROXY): only then is an address a client's own. Behind a
   * proxy every connection comes from the proxy, which limits its clients' connections itself.
   */
  direct: boolean;
}

export function guardHttpServer(server: Server, logger: Logger, { direct }: GuardOptions): void {
  // Headers must arrive within 20 s and a whole request within 5 minutes (a 200 MB import on a home line);
  // idle keep-alive connections close after 65 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 300_000;
  server.keepAliveTimeout = 65_000;
  // Connections never take the descriptors the process needs for the rest: past the limit a new one is
  // refused, and the process goes on serving the ones it has (found 26 November: 19,700 connections trickling
  // headers from one host used up the 20,000 descriptors, and every other client was reset).
  const limit = openFileLimit();
  if (limit !== undefined) server.maxConnections = Math.max(64, limit - RESERVED_DESCRIPTORS);
  if (direct) limitConnectionsPerAddress(server, logger);
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

/**
 * At most `max` open connections per public client address (IPv6 by its /64, and its /48 at most
 * NETWORK_CONNECTION_SHARE times that): one host cannot hold them all, however slowly it sends. A connection past
 * it is closed at once; one warning per address a minute says so. Loopback and private addresses are not
 * counted: they are a proxy's or a load balancer's (a site behind one without TRUST_PROXY would otherwise have
 * `max` connections in all), and `maxConnections` still bounds them.
 */
export function limitConnectionsPerAddress(
  server: Server,
  logger: Logger,
  {
    max = MAX_CONNECTIONS_PER_ADDRESS,
    exempt = isPrivateAddress,
  }: { max?: number; exempt?: (ip: string) => boolean } = {},
): void {
  const shares = sharesByAddress(max);
  const warned = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    if (exempt(socket.remoteAddress ?? "")) return;
    const taken = shares.take(addressKey(socket.remoteAddress));
    if ("full" in taken) {
      socket.destroy();
      const now = Date.now();
      if ((warned.get(taken.full) ?? 0) < now - 60_000) {
        warned.set(taken.full, now);
        if (warned.size > 1_000) warned.clear();
        logger.warn({ address: taken.full, max: taken.max }, "connections refused: too many open from one address");
      }
      return;
    }
    socket.once("close", taken.release);
  });
}

/**
 * Open things (connections, sockets) counted by client address key (addressKey) and, for IPv6, by its /48 as
 * well, which holds NETWORK_CONNECTION_SHARE times `max`. `take` counts one more unless either is full, and
 * says which; `release` gives it back.
 */
export function sharesByAddress(max: number) {
  const open = new Map<string, number>();
  return {
    take(address: string): { release: () => void } | { full: string; max: number } {
      const network = networkKeyOf(address);
      const counted = network ? [address, network] : [address];
      const limitOf = (key: string) => (key === network ? max * NETWORK_CONNECTION_SHARE : max);
      const full = counted.find((key) => (open.get(key) ?? 0) >= limitOf(key));
      if (full) return { full, max: limitOf(full) };
      for (const key of counted) open.set(key, (open.get(key) ?? 0) + 1);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          for (const key of counted) {
            const left = (open.get(key) ?? 1) - 1;
            if (left > 0) open.set(key, left);
            else open.delete(key);
          }
        },
      };
    },
  };
}

/** Loopback, private (RFC 1918, unique local), link-local and shared (RFC 6598, a cloud's balancers) addresses. */
export function isPrivateAddress(ip: string): boolean {
  const v4 = /^(?:::ffff:)?(\d+)\.(\d+)\.\d+\.\d+$/i.exec(ip);
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])];
    return (
      a === 127 ||
      a === 10 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  const v6 = ip.toLowerCase();
  return v6 === "::1" || /^f[cd][0-9a-f]{2}:/.test(v6) || /^fe[89ab][0-9a-f]:/.test(v6);
}

/** The process's soft limit of open files (Linux), if it can be read. */
function openFileLimit(): number | undefined {
  try {
    const line = readFileSync("/proc/self/limits", "utf8")
      .split("\n")
      .find((l) => l.startsWith("Max open files"));
    const soft = Number(/^Max open files\s+(\d+)/.exec(line ?? "")?.[1]);
    return Number.isFinite(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}
