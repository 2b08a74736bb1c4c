import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { drainable } from "./drain";

/** A raw client: writes `request` once connected; `received` is what came back, `closed` says when it ended. */
function client(port: number, request: string) {
  return new Promise<{ socket: Socket; received: () => string }>((resolve) => {
    let received = "";
    const socket = connect({ port, host: "127.0.0.1" }, () => {
      socket.write(request);
      resolve({ socket, received: () => received });
    });
    socket.on("data", (chunk: Buffer) => (received += chunk.toString()));
    socket.on("error", () => undefined);
  });
}

describe("drainable", () => {
  let server: Server | undefined;
  afterEach(() => {
    server?.closeAllConnections();
    server?.close();
  });

  async function listen(handler: Parameters<typeof createServer>[1]) {
    server = createServer(handler);
    const connections = drainable(server);
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    return { connections, port: (server.address() as AddressInfo).port };
  }

  it("answers the request in flight in full, and closes idle and half-sent connections", async () => {
    const { connections, port } = await listen((req, res) => {
      if (req.url === "/slow") setTimeout(() => res.end("the whole answer"), 300);
      else res.end("ok");
    });
    const idle = await client(port, "GET /fast HTTP/1.1\r\nHost: x\r\n\r\n");
    await vi.waitFor(() => expect(idle.received()).toContain("ok"));
    const trickler = await client(port, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");
    const slow = await client(port, "GET /slow HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 50));

    await connections.drain(10_000);
    expect(slow.received()).toContain("the whole answer");
    for (const c of [idle, trickler, slow]) await vi.waitFor(() => expect(c.socket.closed).toBe(true));
  });

  it("answers a request that reaches a connection accepted just before the drain", async () => {
    // A rolling reload (server/cluster.ts) drains a process that may have just been handed a connection whose
    // request is still on its way: closing it would fail a request nobody could have sent elsewhere.
    const { connections, port } = await listen((_req, res) => res.end("ok"));
    const accepted = new Promise((resolve) => server!.once("connection", resolve));
    const fresh = await client(port, "");
    await accepted;

    const drained = connections.drain(10_000);
    fresh.socket.write("GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    await drained;
    await vi.waitFor(() => expect(fresh.socket.closed).toBe(true));
    expect(fresh.received()).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(fresh.received().toLowerCase()).toContain("connection: close");
  });

  it("closes a connection that sends no request within a second of being accepted", async () => {
    const { connections, port } = await listen((_req, res) => res.end("ok"));
    const accepted = new Promise((resolve) => server!.once("connection", resolve));
    const silent = await client(port, "");
    await accepted;
    // A grace period longer than the test may run: the drain can only end because the one second ran out.
    await connections.drain(1_000_000);
    await vi.waitFor(() => expect(silent.socket.closed).toBe(true));
    expect(silent.received()).toBe("");
  });

  it("closes a request still unanswered when the grace period ends", async () => {
    const { connections, port } = await listen(() => undefined);
    const stuck = await client(port, "GET /never HTTP/1.1\r\nHost: x\r\n\r\n");
    await new Promise((r) => setTimeout(r, 50));
    await connections.drain(200);
    await vi.waitFor(() => expect(stuck.socket.closed).toBe(true));
    expect(stuck.received()).toBe("");
  });
});
