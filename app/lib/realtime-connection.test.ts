import { afterEach, describe, expect, it, vi } from "vitest";
import type { ConnectionState } from "./realtime";
import { isHighLatency, LatencyMeter, Reconnection, startMetrics } from "./realtime-connection";
import {
  latencyQuality,
  PERMISSIONS_CHANGED_CLOSE,
  TOO_MANY_CONNECTIONS_CLOSE,
  TRY_AGAIN_LATER_CLOSE,
  UNAUTHORIZED_CLOSE,
} from "./realtime";

/** A Reconnection with what it reported, in order. */
function reconnection() {
  const states: ConnectionState[] = [];
  const attempts: number[] = [];
  const r = new Reconnection({ state: (s) => states.push(s), attempts: (n) => attempts.push(n) });
  return { r, states, attempts };
}

/** 1006: the connection dropped (a channel error). */
const DROPPED = 1006;

describe("Reconnection (spec §4 connection, §8 after 5 failed reconnects)", () => {
  it("gives the error state on a channel error, and retries 2000 ms × the attempt", () => {
    const { r, states, attempts } = reconnection();
    expect(r.closed(DROPPED, true)).toBe(2000);
    expect(r.closed(DROPPED, true)).toBe(4000);
    expect(r.closed(DROPPED, true)).toBe(6000);
    expect(states).toEqual(["error", "error", "error"]);
    expect(attempts).toEqual([1, 2, 3]);
  });

  it("resets the attempts on connect", () => {
    const { r, states, attempts } = reconnection();
    r.closed(DROPPED, true);
    r.closed(DROPPED, true);
    r.opened();
    expect(states.at(-1)).toBe("connected");
    expect(attempts.at(-1)).toBe(0);
    // The next drop starts from the first attempt again.
    expect(r.closed(DROPPED, true)).toBe(2000);
    expect(attempts.at(-1)).toBe(1);
  });

  it("after the 5th failed reconnect logs 'Max reconnection attempts reached' and stays in error", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const { r, states } = reconnection();
      const delays = [1, 2, 3, 4, 5].map(() => r.closed(DROPPED, true));
      expect(delays).toEqual([2000, 4000, 6000, 8000, 10000]);
      expect(warn).not.toHaveBeenCalled();
      expect(r.closed(DROPPED, true)).toBeNull();
      expect(warn).toHaveBeenCalledWith("Max reconnection attempts reached");
      expect(states.at(-1)).toBe("error");
    } finally {
      warn.mockRestore();
    }
  });

  it("starts again from the first attempt when asked to (the Reconnect button)", () => {
    const { r, attempts } = reconnection();
    r.closed(DROPPED, true);
    r.closed(DROPPED, true);
    r.reset();
    expect(attempts.at(-1)).toBe(0);
    expect(r.closed(DROPPED, true)).toBe(2000);
  });

  it("retries a server that was full (1013, try again later) as a dropped connection, with the backoff", () => {
    const { r, attempts } = reconnection();
    expect(r.closed(TRY_AGAIN_LATER_CLOSE, true)).toBe(2000);
    expect(r.closed(TRY_AGAIN_LATER_CLOSE, true)).toBe(4000);
    expect(attempts).toEqual([1, 2]);
  });

  it("connects again at once when what the session may see changed (4403), and backs off if that repeats", () => {
    const { r, states, attempts } = reconnection();
    expect(r.closed(PERMISSIONS_CHANGED_CLOSE, true)).toBe(0);
    expect(states).toEqual(["connecting"]);
    // Closed again before it joined: a failure like a dropped connection.
    expect(r.closed(PERMISSIONS_CHANGED_CLOSE, true)).toBe(4000);
    r.opened();
    expect(r.closed(PERMISSIONS_CHANGED_CLOSE, true)).toBe(0);
    expect(attempts).toEqual([1, 2, 0, 1]);
  });

  it("does not retry after a sign-out, over one person's limit, or offline", () => {
    const { r, states, attempts } = reconnection();
    expect(r.closed(UNAUTHORIZED_CLOSE, true)).toBeNull();
    expect(r.closed(TOO_MANY_CONNECTIONS_CLOSE, true)).toBeNull();
    expect(r.closed(DROPPED, false)).toBeNull();
    expect(states).toEqual(["disconnected", "error", "disconnected"]);
    expect(attempts).toEqual([]);
  });
});

describe("LatencyMeter (spec §9: 100 samples, target 100 ms)", () => {
  it("averages the round trips of answered pings, ignoring unknown pongs", () => {
    const meter = new LatencyMeter();
    expect(meter.average()).toBeNull();
    const a = meter.ping(1000);
    const b = meter.ping(2000);
    meter.pong(b, 2090);
    meter.pong(a, 1050);
    meter.pong(a, 9999); // answered twice: counted once
    meter.pong(12345, 1); // never sent
    expect(meter.average()).toBe(70);
  });

  it("keeps the last 100 samples", () => {
    const meter = new LatencyMeter();
    // 100 slow round trips, then 100 fast ones: only the fast ones count.
    for (let i = 0; i < 100; i++) meter.pong(meter.ping(i * 1000), i * 1000 + 400);
    expect(meter.average()).toBe(400);
    for (let i = 0; i < 99; i++) meter.pong(meter.ping(i * 1000), i * 1000 + 20);
    expect(meter.average()).toBe(Math.round((99 * 20 + 400) / 100));
    meter.pong(meter.ping(0), 20);
    expect(meter.average()).toBe(20);
  });

  it("notes high latency above 100 ms, not at it", () => {
    expect(isHighLatency(null)).toBe(false);
    expect(isHighLatency(100)).toBe(false);
    expect(isHighLatency(101)).toBe(true);
  });

  it("grades the figure: excellent ≤100, good ≤200, poor ≤500, else offline", () => {
    expect([100, 101, 200, 201, 500, 501, null].map(latencyQuality)).toEqual([
      "excellent",
      "good",
      "good",
      "poor",
      "poor",
      "offline",
      "offline",
    ]);
  });
});

describe("startMetrics (spec §9: metrics refresh every 1 s)", () => {
  afterEach(() => vi.useRealTimers());

  it("pings the open socket and recomputes the latency once a second", () => {
    vi.useFakeTimers();
    const meter = new LatencyMeter();
    const sent: string[] = [];
    let open = true;
    const reported: (number | null)[] = [];
    let clock = 0;
    const stop = startMetrics(
      meter,
      () => (open ? { send: (data: string) => sent.push(data) } : null),
      (latency) => reported.push(latency),
      () => clock,
    );
    vi.advanceTimersByTime(999);
    expect(sent).toEqual([]);
    expect(reported).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['{"t":"ping","id":1}']);
    expect(reported).toEqual([null]);
    // The pong comes back 150 ms later: the next tick reports it, and that is high latency.
    clock = 150;
    meter.pong(1, clock);
    open = false; // a closed socket gets no ping, but the figure is still recomputed
    vi.advanceTimersByTime(1000);
    expect(sent).toHaveLength(1);
    expect(reported).toEqual([null, 150]);
    expect(isHighLatency(reported.at(-1)!)).toBe(true);
    stop();
    vi.advanceTimersByTime(5000);
    expect(reported).toHaveLength(2);
  });
});
