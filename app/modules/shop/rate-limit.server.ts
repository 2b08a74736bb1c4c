// Rate limits: fixed-window counters in the database, so every process behind a load balancer shares them.
// Used for order tracking (guessing number and e-mail pairs) and for placing orders (holding works hostage).
import { lt, sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { rateLimitWindows } from "~/db/schema";

export interface RateLimit {
  /** Hits allowed per window. */
  limit: number;
  windowMs: number;
}

export const RATE_LIMITS = {
  /** Order tracking: 10 lookups a minute per IP address. */
  tracking: { limit: 10, windowMs: 60_000 },
  /** Placing orders: 10 attempts in 10 minutes per IP address (a real buyer needs one or two). */
  checkout: { limit: 10, windowMs: 600_000 },
} as const satisfies Record<string, RateLimit>;

let calls = 0;

/** Counts one hit for `key`; `allowed` is false once the window's limit is passed. */
export async function hitRateLimit(
  key: string,
  { limit, windowMs }: RateLimit,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = new Date(Math.floor(now / windowMs) * windowMs);
  const [row] = await queryRows<{ hits: number }>(
    db(),
    sql`insert into rate_limit_windows (key, window_start, hits) values (${key}, ${windowStart.toISOString()}::timestamptz, 1)
        on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
        returning hits`,
  );
  // Old windows are dropped now and then, by whoever passes.
  if (++calls % 100 === 0)
    await db()
      .delete(rateLimitWindows)
      .where(lt(rateLimitWindows.windowStart, new Date(now - 86_400_000)));
  const hits = Number(row?.hits ?? 1);
  return {
    allowed: hits <= limit,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)),
  };
}
