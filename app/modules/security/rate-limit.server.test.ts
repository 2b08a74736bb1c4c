import { beforeEach, describe, expect, it } from "vitest";
import { resetRateLimits, takeToken } from "./rate-limit.server";

describe("takeToken", () => {
  beforeEach(resetRateLimits);
  const limit = { max: 3, windowMs: 60_000 };

  it("allows max requests per window, then refuses until the window ends", () => {
    const t = 1_000_000;
    expect([1, 2, 3, 4].map(() => takeToken("contact", "1.2.3.4", limit, t))).toEqual([true, true, true, false]);
    expect(takeToken("contact", "1.2.3.4", limit, t + 59_999)).toBe(false);
    expect(takeToken("contact", "1.2.3.4", limit, t + 60_000)).toBe(true);
  });

  it("counts each address and each form apart", () => {
    for (let i = 0; i < 3; i++) takeToken("contact", "1.2.3.4", limit, 0);
    expect(takeToken("contact", "1.2.3.4", limit, 0)).toBe(false);
    expect(takeToken("contact", "5.6.7.8", limit, 0)).toBe(true);
    expect(takeToken("commission", "1.2.3.4", limit, 0)).toBe(true);
  });
});
