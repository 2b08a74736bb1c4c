// The writes and links of a double opt-in list (the newsletter's subscribers, "Notify me" alerts): confirming a
// row from the link of its confirmation mail, and leaving the list from the unsubscribe link of any of its mails.
// Each list's module owns its table (with `id`, `email`, `confirmed_at`, `unsubscribed_at` and
// `confirm_requested_at`) and makes its links, and what their buttons do, with `optInLinks` (the last function).
//
// A confirmation link is `{id}.{time sent, ms base 36}.{HMAC}`: it works for CONFIRM_LINK_DAYS, and only for the
// sign-up waiting when it was sent. `confirm_requested_at` is when that sign-up began (asking again while it
// waits keeps it; a new sign-up after an unsubscribe starts a new one); confirming or unsubscribing clears it. So
// a link older than the lifetime, or sent before an unsubscribe, changes nothing, and a leaked link dies with its
// week. Links of an older version (`{id}.{HMAC}`, no time) read as expired.
import { sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { db, queryRows } from "~/db/client.server";
import { CONFIRM_LINK_DAYS, type ConfirmLinkState } from "~/lib/opt-in";
import { keptThroughOutage, refuse } from "~/modules/forms/submission.server";
import { hitConnectionAndAddress, retryAfter, type RateLimit } from "~/modules/security/rate-limit.server";
import { readSignedId, signatureFor, signatureMatches, signedId } from "~/modules/security/signed-ids.server";
import { services } from "~/services.server";
import type { LinkKind } from "./mail-link.server";

const LIFETIME_MS = CONFIRM_LINK_DAYS * 86_400_000;

/**
 * A list's sign-up form (the footer's newsletter box and its page, Notify me) once its address is valid: limited
 * per connection and per address typed (nobody signs a stranger's inbox up over and over), then `signUp`. With the
 * database out of reach the sender is asked to send it again, the address kept (`keptThroughOutage`); sent again,
 * it is one row, as a list keeps an address once.
 */
export function answerSignUp<T>(
  form: FormData,
  from: { scope: string; clientIp: string; email: string },
  limits: { ip: RateLimit; email: RateLimit },
  signUp: () => Promise<T>,
) {
  const { email } = from;
  return keptThroughOutage(
    form,
    "Your sign-up could not be sent just now. Please send it again in a minute: your address is kept.",
    async () => {
      const limited = await hitConnectionAndAddress(from.scope, from, limits);
      if (limited)
        return refuse(
          { ok: false, error: "Too many sign-ups from here just now. Please try again later.", values: { email } },
          429,
          retryAfter(limited),
        );
      return signUp();
    },
  );
}

/** A confirmation link read: the row it names and when it was sent (null: an older version's link). */
export interface ConfirmLink {
  id: string;
  sentAt: Date | null;
}

/** The token of a confirmation link for row `id`, sent at `sentAt`. */
export function confirmLinkToken(purpose: string, id: string, sentAt: Date): string {
  const body = `${id}.${sentAt.getTime().toString(36)}`;
  return `${body}.${signatureFor(purpose, body)}`;
}

/** The row and time a confirmation link names, when its signature holds. */
export function readConfirmLink(purpose: string, token: string | null | undefined): ConfirmLink | undefined {
  const match = /^(([0-9a-f-]{36})\.([0-9a-z]{1,11}))\.([\w-]{32})$/.exec(token ?? "");
  if (match) {
    if (!signatureMatches(purpose, match[1]!, match[4])) return undefined;
    return { id: match[2]!, sentAt: new Date(parseInt(match[3]!, 36)) };
  }
  const legacy = readSignedId(purpose, token);
  return legacy ? { id: legacy, sentAt: null } : undefined;
}

/**
 * What a sign-up's upsert sets on a row already there: coming back after unsubscribing means confirming again, by a
 * link sent for this sign-up. `confirm_requested_at` stays unset on a subscribed row, keeps the time the waiting
 * sign-up began when one waits, else is `now` (a new sign-up, or one after an unsubscribe).
 */
export function signUpAgain(
  table: PgTable,
  now: Date,
): Record<"confirmedAt" | "confirmRequestedAt" | "unsubscribedAt", SQL> {
  return {
    confirmedAt: sql`case when ${table}.unsubscribed_at is null then ${table}.confirmed_at end`,
    confirmRequestedAt: sql`case when ${table}.unsubscribed_at is null and ${table}.confirmed_at is not null then null
                  when ${table}.unsubscribed_at is null then coalesce(${table}.confirm_requested_at, ${now.toISOString()}::timestamptz)
                  else ${now.toISOString()}::timestamptz end`,
    unsubscribedAt: sql`null`,
  };
}

interface OptInRow {
  email: string;
  confirmed_at: Date | string | null;
  unsubscribed_at: Date | string | null;
  confirm_requested_at: Date | string | null;
}

/** Where a link stands for its row (the rules above). */
export function linkState(row: OptInRow, sentAt: Date | null, now = new Date()): ConfirmLinkState {
  if (!sentAt || now.getTime() - sentAt.getTime() > LIFETIME_MS) return "expired";
  if (row.unsubscribed_at === null && row.confirmed_at !== null) return "used";
  const requested = row.confirm_requested_at === null ? null : new Date(row.confirm_requested_at);
  if (row.unsubscribed_at === null && requested && requested.getTime() <= sentAt.getTime()) return "open";
  return "stale";
}

/** The row a link names and where the link stands; undefined when there is no such row. */
export async function confirmLinkState(
  table: PgTable,
  link: ConfirmLink,
): Promise<{ email: string; state: ConfirmLinkState } | undefined> {
  const [row] = await queryRows<OptInRow>(
    db(),
    sql`select email, confirmed_at, unsubscribed_at, confirm_requested_at from ${table} where id = ${link.id}`,
  );
  return row ? { email: row.email, state: linkState(row, link.sentAt) } : undefined;
}

/** What pressing Confirm did: the address confirmed, or why the link changed nothing. */
export type ConfirmOutcome = { state: "confirmed"; email: string } | { state: Exclude<ConfirmLinkState, "open"> };

/**
 * Confirms the sign-up the link was sent for, when it is still open (one statement, so two presses confirm once);
 * otherwise says why not. Undefined when there is no such row.
 */
export async function confirmOptIn(table: PgTable, link: ConfirmLink): Promise<ConfirmOutcome | undefined> {
  const now = new Date();
  if (link.sentAt && now.getTime() - link.sentAt.getTime() <= LIFETIME_MS) {
    const [row] = await queryRows<{ email: string }>(
      db(),
      sql`update ${table} set confirmed_at = now(), confirm_requested_at = null
            where id = ${link.id} and confirmed_at is null and unsubscribed_at is null
              and confirm_requested_at <= ${link.sentAt.toISOString()}::timestamptz
          returning email`,
    );
    if (row) return { state: "confirmed", email: row.email };
  }
  const found = await confirmLinkState(table, link);
  if (!found) return undefined;
  // Open a moment ago and not any more: another press confirmed it in between.
  return { state: found.state === "open" ? "used" : found.state };
}

/** Takes the row off the list (the first time counts): its address, or undefined when there is no such row. */
export async function leaveOptIn(table: PgTable, id: string): Promise<{ email: string } | undefined> {
  const [row] = await queryRows<{ email: string }>(
    db(),
    sql`update ${table} set unsubscribed_at = coalesce(unsubscribed_at, now()), confirm_requested_at = null
          where id = ${id} returning email`,
  );
  return row;
}

/**
 * One list's links and what their buttons do: its table, the purpose its links are signed for (`alerts`, so
 * `alerts:confirm` and `alerts:unsubscribe`) and the page they open under (`/alerts`: `/alerts/confirm?token=…`
 * and `/alerts/unsubscribe?token=…`, mail-link.server.ts).
 */
export function optInLinks(table: PgTable, list: { purpose: string; page: string }) {
  const purpose = (kind: LinkKind) => `${list.purpose}:${kind}`;
  const url = (kind: LinkKind, token: string) => `${services().config.publicUrl}${list.page}/${kind}?token=${token}`;
  /** An unsubscribe link's token (confirmation links carry their time: `confirmUrl`). */
  const unsubscribeToken = (id: string) => signedId(purpose("unsubscribe"), id);
  /** The row an unsubscribe link names, when its signature holds. */
  const readUnsubscribeToken = (token: string | null | undefined) => readSignedId(purpose("unsubscribe"), token);
  const readConfirmToken = (token: string | null | undefined) => readConfirmLink(purpose("confirm"), token);
  const unsubscribeUrl = (id: string) => url("unsubscribe", unsubscribeToken(id));
  return {
    unsubscribeToken,
    readUnsubscribeToken,
    /** The confirmation link of the sign-up `sentAt` belongs to. */
    confirmUrl: (id: string, sentAt: Date) => url("confirm", confirmLinkToken(purpose("confirm"), id, sentAt)),
    unsubscribeUrl,
    /** RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs to the link, no sign-in. */
    listHeaders: (id: string): Record<string, string> => ({
      "List-Unsubscribe": `<${unsubscribeUrl(id)}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }),
    /** The row a confirmation link names, its address and where the link stands; undefined for a link not ours. */
    confirmState: async (token: string | null) => {
      const link = readConfirmToken(token);
      const found = link && (await confirmLinkState(table, link));
      return found && { id: link.id, ...found };
    },
    /**
     * The confirmation link's button: the address is on the list from now on, or, for a link that has expired, was
     * used or was sent before an unsubscribe, why nothing changed. Undefined for a link that is not ours.
     */
    confirm: async (token: string | null): Promise<ConfirmOutcome | undefined> => {
      const link = readConfirmToken(token);
      return link ? confirmOptIn(table, link) : undefined;
    },
    /** The unsubscribe link (one click, no sign-in, RFC 8058). Undefined for a link that is not ours. */
    unsubscribe: async (token: string | null): Promise<{ email: string } | undefined> => {
      const id = readUnsubscribeToken(token);
      return id ? leaveOptIn(table, id) : undefined;
    },
  };
}
