import { createServer, type Server } from "node:http";
import { connect, type AddressInfo, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "~/logger.server";
import { limitConnectionsPerAddress } from "./guard";

/** Opens a connection from `localAddress`; resolves once it is open, with whether the server then closed it. */
function open(port: number, localAddress: string): Promise<{ socket: Socket; closed: Promise<boolean> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: "127.0.0.1", localAddress });
    socket.on("error", () => undefined);
    socket.once("connect", () => {
      const closed = new Promise<boolean>((done) => {
        socket.once("close", () => done(true));
        setTimeout(() => done(false), 500);
      });
      resolve({ socket, closed });
    });
    socket.once("error", reject);
  });
}

describe("limitConnectionsPerAddress", () => {
  let server: Server;
  afterEach(() => server?.close());

  it("closes an address's connections past the limit at once, and counts each address apart", async () => {
    server = createServer((_req, res) => res.end("ok"));
    limitConnectionsPerAddress(server, createLogger("silent", false), 3);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;

    const first = await Promise.all([1, 2, 3, 4, 5].map(() => open(port, "127.0.0.1")));
    const closed = await Promise.all(first.map((c) => c.closed));
    expect(closed.filter(Boolean)).toHaveLength(2);
    // Another address is not held back by the first one's connections.
    const other = await open(port, "127.0.0.2");
    expect(await other.closed).toBe(false);

    // A connection that closes gives its place back.
    first[closed.indexOf(false)]!.socket.destroy();
    await new Promise((r) => setTimeout(r, 50));
    const again = await open(port, "127.0.0.1");
    expect(await again.closed).toBe(false);
    for (const c of [...first, other, again]) c.socket.destroy();
  });
});
