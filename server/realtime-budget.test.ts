import { describe, expect, it } from "vitest";
import { messageBudget } from "./realtime-budget";

describe("messageBudget", () => {
  it("lets a burst through, then as many a second as it refills", () => {
    let clock = 0;
    const take = messageBudget({ burst: 3, perSecond: 2 }, () => clock);
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
    clock += 500; // one message's worth
    expect([take(), take()]).toEqual([true, false]);
    clock += 10_000; // never more than the burst is saved up
    expect([take(), take(), take(), take()]).toEqual([true, true, true, false]);
  });

  it("never refuses a page's own pace: a ping a second for an hour", () => {
    let clock = 0;
    const take = messageBudget(undefined, () => clock);
    for (let second = 0; second < 3600; second++, clock += 1000) expect(take()).toBe(true);
  });
});
