// A page served from the page cache, and a realtime socket's upgrade, are counted under the client the Express
// chain would have seen.
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";
import express from "express";
import { describe, expect, it } from "vitest";
import { clientAddressOf, clientIpReader } from "./client-of";

function requestFrom(remoteAddress: string, forwardedFor?: string): IncomingMessage {
  const socket = new Socket();
  Object.defineProperty(socket, "remoteAddress", { value: remoteAddress });
  return { socket, headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} } as unknown as IncomingMessage;
}

function appTrusting(trustProxy: boolean | string): express.Express {
  const app = express();
  app.set("trust proxy", trustProxy);
  return app;
}

describe("clientAddressOf", () => {
  it("is the socket's address when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(clientAddressOf(appTrusting(false), requestFrom("203.0.113.9", "198.51.100.4"))).toBe("203.0.113.9");
  });

  it("believes X-Forwarded-For from a trusted proxy only", () => {
    const app = appTrusting("loopback");
    expect(clientAddressOf(app, requestFrom("127.0.0.1", "198.51.100.4"))).toBe("198.51.100.4");
    expect(clientAddressOf(app, requestFrom("203.0.113.9", "198.51.100.4"))).toBe("203.0.113.9");
  });

  it("keys an IPv6 client by its /64, as every per-address limit does", () => {
    expect(clientAddressOf(appTrusting(false), requestFrom("2001:db8:1:2:3:4:5:6"))).toBe("2001:db8:1:2::/64");
  });
});

describe("clientIpReader (a WebSocket upgrade, outside the chain)", () => {
  it("reads the address TRUST_PROXY believes, unkeyed, so a private one can be told apart", () => {
    const behindLoopback = clientIpReader(["loopback"]);
    expect(behindLoopback(requestFrom("127.0.0.1", "198.51.100.4"))).toBe("198.51.100.4");
    expect(behindLoopback(requestFrom("203.0.113.9", "198.51.100.4"))).toBe("203.0.113.9");
    expect(behindLoopback(requestFrom("::1"))).toBe("::1");
    expect(clientIpReader(false)(requestFrom("127.0.0.1", "198.51.100.4"))).toBe("127.0.0.1");
  });
});
