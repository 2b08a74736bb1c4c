// A small fixed-window rate limiter for public forms (contact, commissions): per client address and form,
// in this process's memory. Auth endpoints have their own limits in the database (better-auth).
import { CLIENT_IP_HEADER } from "~/modules/auth/auth.server";

export interface Limit {
  /** Requests allowed per window. */
  max: number;
  windowMs: number;
}

const buckets = new Map<string, { count: number; resetAt: number }>();
const MAX_BUCKETS = 10_000;

/** The client's address as Express saw it (set on every request; never taken from the caller's headers). */
export function clientAddress(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** Counts one request; false when the caller is over the limit for this window. */
export function takeToken(name: string, key: string, limit: Limit, now = Date.now()): boolean {
  const id = `${name}:${key}`;
  let bucket = buckets.get(id);
  if (!bucket || bucket.resetAt <= now) {
    if (buckets.size >= MAX_BUCKETS) sweep(now);
    bucket = { count: 0, resetAt: now + limit.windowMs };
    buckets.set(id, bucket);
  }
  bucket.count += 1;
  return bucket.count <= limit.max;
}

function sweep(now: number) {
  for (const [id, bucket] of buckets) if (bucket.resetAt <= now) buckets.delete(id);
  // Still full of live buckets: drop the oldest rather than grow without bound.
  while (buckets.size >= MAX_BUCKETS) buckets.delete(buckets.keys().next().value!);
}

export function resetRateLimits(): void {
  buckets.clear();
}
