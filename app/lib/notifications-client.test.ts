import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { fetchNotifications, sendNotificationChange } from "./notifications-client";

describe("the notification list in the browser (spec §4 optimistic update, §8 failures logged only)", () => {
  let server: Server;
  let url: string;
  const requests: string[] = [];
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(async () => {
    warn.mockRestore();
    requests.length = 0;
    await new Promise((r) => server.close(r));
  });

  /** A notifications endpoint answering POSTs with `postStatus` and GETs with `getStatuses` in turn. */
  async function serve(postStatus: number, getStatuses: number[]) {
    server = createServer((req, res) => {
      requests.push(req.method!);
      res.statusCode = req.method === "POST" ? postStatus : (getStatuses.shift() ?? 200);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ signedIn: true, notifications: [] }));
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/notifications`;
  }

  it("fetches the list again after a failed change, and only logs the failure", async () => {
    await serve(500, [200]);
    let refetched: unknown;
    await sendNotificationChange(
      { intent: "read", id: "n1" },
      async () => {
        refetched = await fetchNotifications(url);
      },
      url,
    );
    expect(requests).toEqual(["POST", "GET"]);
    expect(refetched).toEqual({ signedIn: true, notifications: [] });
    expect(warn).toHaveBeenCalledWith("Failed to update notifications", expect.any(Error));
  });

  it("does not fetch again after a change that landed", async () => {
    await serve(200, []);
    let refetches = 0;
    await sendNotificationChange({ intent: "read-all" }, () => Promise.resolve(void refetches++), url);
    expect(requests).toEqual(["POST"]);
    expect(refetches).toBe(0);
    expect(warn).not.toHaveBeenCalled();
  });

  it("logs a failed load (after one more try) and answers nothing, without throwing", async () => {
    await serve(200, [503, 503]);
    await expect(fetchNotifications(url)).resolves.toBeUndefined();
    expect(requests).toEqual(["GET", "GET"]);
    expect(warn).toHaveBeenCalledWith("Failed to load notifications", expect.any(Error));
  });
});
