// Zod fields that several forms' schemas share. Isomorphic: the admin's form schemas are read in the browser
// too, so nothing here may import server code.
import { z } from "zod";
import { pageParam } from "~/lib/pagination";

/**
 * Characters that show nothing by themselves: spaces and line ends, controls, Unicode's format characters
 * (zero-width space, ZWNJ and ZWJ, word joiner, byte-order mark, soft hyphen, bidi marks and isolates) and the
 * other default-ignorable ones (Hangul fillers, variation selectors, tags).
 */
const INVISIBLE = /^[\p{White_Space}\p{Cc}\p{Cf}\p{Z}\p{Default_Ignorable_Code_Point}]*$/u;

/** Whether a text has a character that shows: one made only of invisible ones reads as blank wherever it is shown. */
export const hasVisibleText = (text: string): boolean => !INVISIBLE.test(text);

/**
 * A text that must be filled in: trimmed; `missing` when empty, not sent, or made only of characters that show
 * nothing (a name of zero-width spaces showed as a blank), `tooLong` past `max` characters. Such characters
 * inside visible text (ZWJ in an emoji, a Persian ZWNJ) are kept as typed.
 */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().refine(hasVisibleText, missing).max(max, tooLong);

/** How many characters of a text show (what a "at least N characters" rule counts). */
export const visibleLength = (text: string): number => [...text].filter(hasVisibleText).length;

/**
 * A text of some length that must be filled in (a message, a description): as `requiredText`, and `tooShort` with
 * fewer than `min` characters that show (padding of zero-width characters does not count).
 */
export const longText = ({
  missing,
  min,
  tooShort,
  max,
  tooLong,
}: {
  missing: string;
  min: number;
  tooShort: string;
  max: number;
  tooLong: string;
}) => requiredText(missing, max, tooLong).refine((text) => visibleLength(text) >= min, tooShort);

/**
 * A visitor's e-mail address in a public form: trimmed, at most 254 characters, and an address, kept as typed
 * (a confirmation copy goes to it so); `.transform(lowerCase)` where one person must be one address.
 */
export const emailField = requiredText("Enter your email address.", 254, "That email address is too long.").pipe(
  z.email("Enter a valid email address, like name@example.com."),
);

export const lowerCase = (text: string): string => text.toLowerCase();

/**
 * Whether a YYYY-MM-DD text is a day of the calendar PostgreSQL keeps. `Date.parse` alone is not enough: it rolls
 * February 30 over into March and reads a year 0, and the database's refusal of either answered 500.
 */
export function isCalendarDay(day: string): boolean {
  const time = Date.parse(`${day}T00:00:00Z`);
  return !Number.isNaN(time) && !day.startsWith("0000") && new Date(time).toISOString().startsWith(day);
}

/** A calendar day from a date input (YYYY-MM-DD), called `label` in its messages ("Enter the start date."). */
export const dayField = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
    .refine(isCalendarDay, `Enter a real ${label}.`);

// A list page's query (`?q=…&status=…&page=…`) is read leniently: a value the list does not know reads as not
// sent, so a hand-edited or stale link shows the list rather than an error.

/** The search box of a list: trimmed, at most `max` characters; anything else reads as no search. */
export const searchParam = (max = 120) => z.string().trim().max(max).optional().catch(undefined);

/** A filter that is one of `values`; anything else reads as no filter. */
export const choiceParam = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values).optional().catch(undefined);

/** The page number, as every list reads it (`pageParam`: a whole number from 1 to MAX_PAGE, else 1). */
export const pageField = z
  .string()
  .optional()
  .transform((v) => pageParam(v ?? null));
