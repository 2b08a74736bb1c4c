// When a post goes public (spec: draft, published or scheduled): the editor's choice and date turned into the
// status and publication time the post is saved with, or what is wrong with them. Pure, so the rule is tested
// without a form; the admin's editor action only reads the fields and passes them here.
import { POST_STATUSES, type PostStatus } from "~/db/schema";
import { wallTimeIn } from "~/lib/dates";

export interface PublicationChoice {
  /** The editor's radio: "draft", "published" or "scheduled" (anything else is refused). */
  choice: unknown;
  /** The "Publish at" field as typed: "2026-05-10T14:30" on the studio's clock, empty, or anything. */
  at: unknown;
  /** The studio's time zone, in which the time was typed. */
  timeZone: string;
  /** The post as saved before, when it is being edited. */
  existing?: { status: PostStatus; publishAt: Date | null };
  now: Date;
}

export type Publication =
  | { ok: true; status: PostStatus; publishAt: Date | null }
  | { ok: false; fieldErrors: { publishAt: string } | { status: string } };

const isPostStatus = (choice: unknown): choice is PostStatus => (POST_STATUSES as readonly unknown[]).includes(choice);

/**
 * "2026-05-10T14:30" (a datetime-local value) read on the studio's clock; undefined when empty, null when
 * unreadable.
 */
export function readWallTime(value: unknown, timeZone: string): Date | undefined | null {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const wall = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(wall)) return null;
  const asWritten = new Date(`${wall}Z`);
  // A day the month does not have (30 February) would roll over into the next month: refused instead.
  if (Number.isNaN(asWritten.getTime()) || asWritten.toISOString().slice(0, 10) !== wall.slice(0, 10)) return null;
  return wallTimeIn(wall, timeZone);
}

export function resolvePublication({ choice, at: typed, timeZone, existing, now }: PublicationChoice): Publication {
  if (!isPostStatus(choice)) return { ok: false, fieldErrors: { status: "Choose Draft, Published or Scheduled." } };
  const status = choice;
  const at = readWallTime(typed, timeZone);
  if (at === null) return { ok: false, fieldErrors: { publishAt: "Enter a date and time." } };
  // The end of 9999 west of UTC is in the year 10000, past what the database stores.
  if (at && String(typed).trim() >= "9999")
    return { ok: false, fieldErrors: { publishAt: "Choose a time before the year 9999." } };
  if (status === "scheduled" && at === undefined)
    return { ok: false, fieldErrors: { publishAt: "Choose when the post goes public." } };
  if (status === "scheduled" && at && at <= now)
    return { ok: false, fieldErrors: { publishAt: "Choose a time in the future, or publish now." } };
  if (status === "draft") return { ok: true, status, publishAt: null };
  // Publishing keeps a published post's date (and takes a chosen date); otherwise it is now.
  const keptDate =
    existing && existing.status !== "draft" && existing.publishAt && existing.publishAt <= now
      ? existing.publishAt
      : undefined;
  return { ok: true, status, publishAt: at ?? keptDate ?? now };
}
