import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "~/logger.server";
import { EventEmitter } from "node:events";
import { isPrivateAddress, limitConnectionsPerAddress, NETWORK_CONNECTION_SHARE, sharesByAddress } from "./guard";

/** Opens a connection from `localAddress`; resolves once it is open (`closed` says when it has ended). */
function open(port: number, localAddress: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    socket.on("error", () => undefined);
    socket.once("connect", () => resolve(socket));
    socket.once("error", reject);
  });
}

describe("limitConnectionsPerAddress", () => {
  let server: Server;
  afterEach(() => server?.close());

  const connections = () => new Promise<number>((resolve) => server.getConnections((_e, n) => resolve(n)));

  it("closes an address's connections past the limit at once, and counts each address apart", async () => {
    server = createServer((_req, res) => res.end("ok"));
    // Loopback is exempt on a real server (a proxy's address); here it stands for two public clients.
    limitConnectionsPerAddress(server, createLogger("silent", false), { max: 3, exempt: () => false });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const first = await Promise.all([1, 2, 3, 4, 5].map(() => open(port, "127.0.0.1")));
    // The two past the limit are closed by the server; three stay.
    await vi.waitFor(() => expect(first.filter((s) => s.closed)).toHaveLength(2), { timeout: 10_000 });
    await vi.waitFor(async () => expect(await connections()).toBe(3), { timeout: 10_000 });
    // Another address is not held back by the first one's connections.
    const other = await open(port, "127.0.0.2");
    await vi.waitFor(async () => expect(await connections()).toBe(4), { timeout: 10_000 });

    // A connection that closes gives its place back.
    first.find((s) => !s.closed)!.destroy();
    await vi.waitFor(async () => expect(await connections()).toBe(3), { timeout: 10_000 });
    const again = await open(port, "127.0.0.1");
    await vi.waitFor(async () => expect(await connections()).toBe(4), { timeout: 10_000 });
    expect(again.closed).toBe(false);
    for (const s of [...first, other, again]) s.destroy();
  });
});

describe("limitConnectionsPerAddress, for IPv6 networks", () => {
  /** A connection as the server's "connection" event hands it over: its address, closed by `destroy`. */
  function arrive(server: Server, remoteAddress: string) {
    const socket = Object.assign(new EventEmitter(), { remoteAddress, destroyed: false });
    const destroy = () => {
      socket.destroyed = true;
      socket.emit("close");
    };
    Object.assign(socket, { destroy });
    server.emit("connection", socket);
    return Object.assign(socket, { destroy });
  }

  it("counts a /48 as well as its /64s: one network cannot open its 65,536 /64s' worth", () => {
    const server = createServer();
    limitConnectionsPerAddress(server, createLogger("silent", false), { max: 2 });
    const network = NETWORK_CONNECTION_SHARE * 2;
    // Two from each /64 of one /48, until the /48 has its share.
    const held = Array.from({ length: network }, (_, n) => arrive(server, `2001:db8:5:${(n >> 1).toString(16)}::${n}`));
    expect(held.filter((s) => s.destroyed)).toEqual([]);
    // A /64 of that /48 with nothing open yet is refused; another network, and an IPv4 address, are not.
    expect(arrive(server, "2001:db8:5:ffff::1").destroyed).toBe(true);
    expect(arrive(server, "2001:db8:6:1::1").destroyed).toBe(false);
    expect(arrive(server, "203.0.113.5").destroyed).toBe(false);
    // A /64 still meets its own limit first.
    expect(arrive(server, "2001:db8:6:1::2").destroyed).toBe(false);
    expect(arrive(server, "2001:db8:6:1::3").destroyed).toBe(true);
    // One connection of the network closes: its place is given back to the /48.
    held[0]!.destroy();
    expect(arrive(server, "2001:db8:5:ffff::2").destroyed).toBe(false);
  });
});

describe("isPrivateAddress", () => {
  it("knows a proxy's addresses from a client's", () => {
    for (const ip of ["127.0.0.1", "::1", "10.0.0.7", "172.16.4.2", "172.31.255.1", "192.168.1.10", "::ffff:10.1.2.3"])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["fd12:3456::1", "fe80::1", "100.64.0.1", "169.254.1.1"])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ["203.0.113.9", "172.32.0.1", "8.8.8.8", "2001:db8::1", "::ffff:198.51.100.2", "100.128.0.1"])
      expect(isPrivateAddress(ip), ip).toBe(false);
  });
});

describe("sharesByAddress (the realtime sockets' share per address)", () => {
  it("counts up to the share per address and its /48, says which is full, and takes a release once", () => {
    const shares = sharesByAddress(2);
    const first = shares.take("203.0.113.9");
    const second = shares.take("203.0.113.9");
    expect(shares.take("203.0.113.9")).toEqual({ full: "203.0.113.9", max: 2 });
    expect("release" in shares.take("203.0.113.10")).toBe(true);
    // Released twice (a close after an error), the share is given back once.
    if (!("release" in first) || !("release" in second)) throw new Error("taken");
    first.release();
    first.release();
    expect("release" in shares.take("203.0.113.9")).toBe(true);
    expect(shares.take("203.0.113.9")).toMatchObject({ full: "203.0.113.9" });
    // An IPv6 network holds NETWORK_CONNECTION_SHARE times the share over its /64s.
    for (let i = 0; i < 2 * NETWORK_CONNECTION_SHARE; i++)
      expect("release" in shares.take(`2001:db8:7:${i}::/64`), `the /64 number ${i}`).toBe(true);
    expect(shares.take("2001:db8:7:ff::/64")).toEqual({ full: "2001:db8:7::/48", max: 2 * NETWORK_CONNECTION_SHARE });
  });
});
