import { describe, expect, it } from "vitest";
import {
  averageLatency,
  badgeText,
  latencyQuality,
  notificationPriority,
  notificationType,
  reconnectDelay,
} from "./realtime";

describe("realtime rules (spec §3, §4, §9)", () => {
  it.each([
    [1, "1"],
    [9, "9"],
    [10, "9+"],
    [240, "9+"],
  ])("shows %i unread as %s on the badge, 9+ above 9", (unread, text) => {
    expect(badgeText(unread)).toBe(text);
  });

  it("rates latency: excellent to 100 ms, good to 200, poor to 500, else offline", () => {
    for (const [ms, quality] of [
      [null, "offline"],
      [0, "excellent"],
      [100, "excellent"],
      [101, "good"],
      [200, "good"],
      [500, "poor"],
      [501, "offline"],
    ] as const)
      expect(latencyQuality(ms), String(ms)).toBe(quality);
  });

  it("waits 2000 ms times the attempt before reconnecting, and gives up after the 5th", () => {
    expect([1, 2, 3, 4, 5].map(reconnectDelay)).toEqual([2000, 4000, 6000, 8000, 10000]);
    expect(reconnectDelay(6)).toBeNull();
  });

  it("averages the last 100 round trips", () => {
    expect(averageLatency([])).toBeNull();
    expect(averageLatency([10, 20, 30])).toBe(20);
    const samples = [...Array.from({ length: 50 }, () => 1000), ...Array.from({ length: 100 }, () => 10)];
    expect(averageLatency(samples)).toBe(10);
  });

  it("reads an unknown notification type as info and an unknown priority as default", () => {
    expect(notificationType("warning")).toBe("warning");
    expect(notificationType("celebration")).toBe("info");
    expect(notificationPriority("urgent")).toBe("urgent");
    expect(notificationPriority("whenever")).toBe("default");
  });
});
