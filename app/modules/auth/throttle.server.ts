// Sign-in throttling in the database: one fixed window per key, counted with a single atomic upsert, so the
// limits survive a restart and hold across every process sharing the database. better-auth's own limiter
// only guards its HTTP router; ours runs in a hook, so it also covers the calls our form actions make.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";

export interface ThrottleRule {
  /** Window length in seconds. */
  window: number;
  /** Requests allowed per window. */
  max: number;
}

export interface ThrottleResult {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfter: number;
}

/** Counts one request against key; refuses it once more than rule.max arrived in the current window. */
export async function consumeThrottle(key: string, rule: ThrottleRule): Promise<ThrottleResult> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(
    db(),
    sql`
    insert into auth_throttle (key, count, window_started_at, expires_at)
    values (${key}, 1, now(), now() + make_interval(secs => ${rule.window}))
    on conflict (key) do update set
      count = case when auth_throttle.expires_at <= now() then 1 else auth_throttle.count + 1 end,
      window_started_at = case when auth_throttle.expires_at <= now() then now() else auth_throttle.window_started_at end,
      expires_at = case when auth_throttle.expires_at <= now() then excluded.expires_at else auth_throttle.expires_at end
    returning count, ceil(extract(epoch from expires_at - now()))::int as retry_after`,
  );
  if (!row) throw new Error("auth_throttle upsert returned no row");
  // Now and then, forget windows that ended long ago (the table stays small without a job).
  if (Math.random() < 0.01) await pruneThrottle();
  const allowed = row.count <= rule.max;
  return { allowed, retryAfter: allowed ? 0 : Math.max(1, Number(row.retry_after)) };
}

export async function pruneThrottle(): Promise<void> {
  await db().execute(sql`delete from auth_throttle where expires_at < now() - interval '1 hour'`);
}

/** E-mail addresses are keyed by their hash: the throttle table holds no addresses. */
export function emailKey(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
}
