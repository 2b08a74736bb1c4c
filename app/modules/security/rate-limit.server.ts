// The one rate limiter (docs/security.md "Rate limits"): a fixed window per key in PostgreSQL, counted with one
// atomic upsert, so a limit survives restarts and holds across every process sharing the database. Every limit
// of the app is named here with its numbers, and counts by a client address (security/client-address.ts: an
// IPv6 client by its /64, and its /48 too with NETWORK_SHARE times the budget), an e-mail address (kept only as
// a hash) or an account.
// Owns: rate_limits. Exposes: hitRateLimit, refundRateLimit, RATE_LIMITS, NETWORK_SHARE, emailKey, pruneRateLimits.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { db, queryRows, type Database } from "~/db/client.server";
import { networkKeyOf } from "./client-address";

export interface RateLimit {
  /** Requests allowed per window. */
  max: number;
  /** Window length in seconds. */
  windowSeconds: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window ends (0 when allowed). */
  retryAfterSeconds: number;
  /** The windows the request was counted in (its key's, and its network's), for refundRateLimit. */
  counted: CountedWindow[];
}

interface CountedWindow {
  key: string;
  /** The window's start as the database wrote it: a refund finds that window, never the one after it. */
  startedAt: string;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** The limits of the public forms and the account page (the sign-in limits are in modules/auth/auth.server.ts). */
export const RATE_LIMITS = {
  /** Contact form: per client address. */
  contact: { max: 5, windowSeconds: 10 * MINUTE },
  /** Commission requests: per client address. */
  commission: { max: 3, windowSeconds: 10 * MINUTE },
  /** Public bodies carrying files (a commission's reference images), taken before the body is read. */
  publicUpload: { max: 10, windowSeconds: 10 * MINUTE },
  /** Newsletter sign-ups: per client address, and per address typed (someone else's inbox). */
  newsletter: { max: 10, windowSeconds: HOUR },
  newsletterEmail: { max: 3, windowSeconds: DAY },
  /** Placing orders: per client address, and per buyer e-mail. */
  checkout: { max: 10, windowSeconds: 10 * MINUTE },
  checkoutEmail: { max: 10, windowSeconds: HOUR },
  /**
   * Pieces an order asks to reserve, per client address and per buyer e-mail, in a day: nobody can hold the
   * catalogue with unpaid bank-transfer orders (each piece counts, whether or not it could be reserved).
   */
  heldPieces: { max: 20, windowSeconds: DAY },
  heldPiecesEmail: { max: 20, windowSeconds: DAY },
  /** Hold requests (docs/shop.md "Holds"): per client address, and per address typed. */
  holdRequest: { max: 5, windowSeconds: 10 * MINUTE },
  holdRequestEmail: { max: 5, windowSeconds: DAY },
  /** "Notify me" sign-ups: per client address, and per address typed (someone else's inbox). */
  workAlert: { max: 10, windowSeconds: HOUR },
  workAlertEmail: { max: 5, windowSeconds: DAY },
  /** Order tracking: guessing number and e-mail pairs. */
  tracking: { max: 10, windowSeconds: MINUTE },
  /** Copies mailed to the person who filled in a form (contact, commission, order), per recipient. */
  confirmationMail: { max: 10, windowSeconds: DAY },
  /** Password checks on the account page (a borrowed session guessing the password): per account. */
  accountPassword: { max: 10, windowSeconds: 15 * MINUTE },
  /** Texted codes (SMS pumping): per account, and per phone number. */
  smsAccount: { max: 10, windowSeconds: DAY },
  smsNumber: { max: 5, windowSeconds: HOUR },
} as const satisfies Record<string, RateLimit>;

/**
 * How many times one address's budget an IPv6 network (its /48) may spend in all. A client holding a /48 (a
 * cloud account often does) could otherwise send from 65,536 /64s, each with a budget of its own; a network of
 * many real people (a university, a mobile carrier's) still has room for 64 of them at their limit at once.
 */
export const NETWORK_SHARE = 64;

/**
 * Counts one request (or `cost` units of it) against `key`; refuses it once more than `limit.max` arrived in the
 * current window. A key naming an IPv6 client's /64 counts against its /48 as well (NETWORK_SHARE times `max`):
 * the first refusal is the answer.
 */
export async function hitRateLimit(
  key: string,
  limit: RateLimit,
  database: Database = db(),
  cost = 1,
): Promise<RateLimitResult> {
  const own = await hitKey(key, limit, database, cost);
  const network = networkKeyOf(key);
  if (!network) return own;
  const shared = await hitKey(network, { ...limit, max: limit.max * NETWORK_SHARE }, database, cost);
  const counted = [...own.counted, ...shared.counted];
  return own.allowed ? { ...shared, counted } : { ...own, counted };
}

async function hitKey(key: string, limit: RateLimit, database: Database, cost: number): Promise<RateLimitResult> {
  const [row] = await queryRows<{ hits: number; retry_after: number; started_at: string }>(
    database,
    sql`
    insert into rate_limits (key, hits, window_started_at, expires_at)
    values (${key}, ${cost}, now(), now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      hits = case when rate_limits.expires_at <= now() then ${cost} else rate_limits.hits + ${cost} end,
      window_started_at = case when rate_limits.expires_at <= now() then now() else rate_limits.window_started_at end,
      expires_at = case when rate_limits.expires_at <= now() then excluded.expires_at else rate_limits.expires_at end
    returning hits, ceil(extract(epoch from expires_at - now()))::int as retry_after,
      window_started_at::text as started_at`,
  );
  if (!row) throw new Error("rate_limits upsert returned no row");
  // Now and then, forget windows that ended long ago (the table stays small without a job).
  if (Math.random() < 0.01) await pruneRateLimits(database);
  const allowed = Number(row.hits) <= limit.max;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.max(1, Number(row.retry_after)),
    counted: [{ key, startedAt: row.started_at }],
  };
}

/**
 * Takes back a request hitRateLimit counted, from the windows it was counted in: for a request that turned out
 * to be no attempt at guessing (a right password). Never below zero; a window that has ended since is left
 * alone, and so is the one that followed it (the refund would otherwise take back a guess of the new window).
 */
export async function refundRateLimit(hit: Pick<RateLimitResult, "counted">, database: Database = db()): Promise<void> {
  for (const { key, startedAt } of hit.counted)
    await database.execute(
      sql`update rate_limits set hits = greatest(hits - 1, 0)
          where key = ${key} and window_started_at = ${startedAt}::timestamptz and expires_at > now()`,
    );
}

/**
 * A public form's two limits: per connection and per address typed (keyed by its hash), both counted. The
 * first refusal, or undefined when both allow: nobody floods a stranger's inbox or the artist's, from one
 * connection or from many.
 */
export async function hitConnectionAndAddress(
  scope: string,
  from: { clientIp: string; email: string },
  limits: { ip: RateLimit; email: RateLimit },
  cost = 1,
): Promise<RateLimitResult | undefined> {
  const hits = [
    await hitRateLimit(`${scope}:ip:${from.clientIp}`, limits.ip, undefined, cost),
    await hitRateLimit(`${scope}:email:${emailKey(from.email)}`, limits.email, undefined, cost),
  ];
  return hits.find((hit) => !hit.allowed);
}

/** The header of a 429 answer: when to try again. */
export function retryAfter(refused: RateLimitResult): { "retry-after": string } {
  return { "retry-after": String(refused.retryAfterSeconds) };
}

export async function pruneRateLimits(database: Database = db()): Promise<void> {
  await database.execute(sql`delete from rate_limits where expires_at < now() - interval '1 hour'`);
}

/** Providers that ignore dots in the name and answer to two domains (Gmail). */
const DOTLESS = new Set(["gmail.com", "googlemail.com"]);

/**
 * The inbox an address reaches, for counting: a sub-address (`name+tag@`) is its inbox's, and so is a Gmail
 * address with dots or at googlemail.com. Each alias had a budget of its own: a stranger rotating them mailed
 * one inbox past every per-recipient limit (a probe, 28 November).
 */
function inboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const name = address.slice(0, at).split("+")[0]!;
  const domain = address.slice(at + 1);
  return DOTLESS.has(domain) ? `${name.replaceAll(".", "")}@gmail.com` : `${name}@${domain}`;
}

/** E-mail addresses (and phone numbers) are keyed by their inbox's hash: the table holds no addresses. */
export function emailKey(email: string): string {
  return createHash("sha256").update(inboxOf(email)).digest("base64url").slice(0, 32);
}
