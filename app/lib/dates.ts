// Dates as people read them: calendar days as they are written (an exhibition's dates, a quote's due date), the
// studio's day of a moment (an invoice's date, "today" for exhibitions, a room's last day, a post's date), and
// moments in the studio's time zone (an order placed, a message received), formatted in loaders.

/**
 * A formatter made on its first use: creating a DateTimeFormat costs about 10 ms of main thread in the browser,
 * which a module-level constant would add to every page's start-up even where no date is shown.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(date);
}

/** The forms said in a given time zone (the studio's), each a locale and its options. */
const ZONED_FORMS = {
  /** "November 21, 2026 at 9:14 AM CST" */
  long: [
    "en-US",
    { month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" },
  ],
  /** "November 21, 2026" */
  longDay: ["en-US", { month: "long", day: "numeric", year: "numeric" }],
  /** "21 Nov 2026, 08:05" */
  short: ["en-GB", { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit" }],
  /** "21 Nov 2026" */
  shortDay: ["en-GB", { day: "numeric", month: "short", year: "numeric" }],
  /** The zone's name as the long form says it: "CST", "GMT+1". */
  zoneName: ["en-US", { timeZoneName: "short" }],
  /** 2026-11-21, in parts. */
  isoDay: ["en-CA", { year: "numeric", month: "2-digit", day: "2-digit" }],
  /** The wall clock to the second, in parts (a zone's offset). */
  wall: [
    "en-US",
    {
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    },
  ],
} satisfies Record<string, [string, Intl.DateTimeFormatOptions]>;

const zonedFormats = new Map<string, Intl.DateTimeFormat>();
/** One formatter per form and time zone, made on first use and kept: making one costs far more than using it. */
function inZone(form: keyof typeof ZONED_FORMS, timeZone: string): Intl.DateTimeFormat {
  const key = `${form} ${timeZone}`;
  let format = zonedFormats.get(key);
  if (!format) {
    const [locale, options] = ZONED_FORMS[form];
    format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
    zonedFormats.set(key, format);
  }
  return format;
}

const longDay = lazyFormat("en-US", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

/** "November 21, 2026" for a calendar day "2026-11-21" (a date without a time: no time zone shifts it). */
export const formatCalendarDay = (day: string) => longDay(new Date(`${day}T00:00:00Z`));

const monthDay = lazyFormat("en-US", { month: "long", day: "numeric", timeZone: "UTC" });
/**
 * Two calendar days as a range: "March 4 – April 20, 2027"; across years "December 1, 2026 – January 10,
 * 2027"; one day alone when they are the same.
 */
export function formatDayRange(start: string, end: string): string {
  if (start === end) return formatCalendarDay(start);
  if (start.slice(0, 4) !== end.slice(0, 4)) return `${formatCalendarDay(start)} – ${formatCalendarDay(end)}`;
  return `${monthDay(new Date(`${start}T00:00:00Z`))} – ${formatCalendarDay(end)}`;
}

/**
 * "Nov 21, 9:14 AM CST" in the browser's own time zone, named: only for what is rendered in the browser alone (the
 * signed-in widgets), never in server HTML, where it would differ from the hydrated page.
 */
export const formatLocalTime = lazyFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  // Named, as every time the admin shows is: the artist's browser may be away from the studio's zone.
  timeZoneName: "short",
});

// Dates for people: formatted once on the server in the studio's time zone (no hydration differences).

/** "November 21, 2026 at 9:14 AM CST". */
export const formatDateTime = (date: Date, timeZone: string): string => inZone("long", timeZone).format(date);

/** "November 21, 2026". */
export const formatDate = (date: Date, timeZone: string): string => inZone("longDay", timeZone).format(date);

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the studio's "today", an invoice's date). */
export function dayIn(date: Date, timeZone: string): string {
  const parts = inZone("isoDay", timeZone)
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A moment's day in the studio's zone, for `<time dateTime>` and for people: { day: "2026-11-21", label: "November 21, 2026" }. */
export interface StudioDay {
  day: string;
  label: string;
}
export const studioDay = (date: Date, timeZone: string): StudioDay => ({
  day: dayIn(date, timeZone),
  label: formatDate(date, timeZone),
});

/** The offset (ms) of a time zone from UTC at an instant. */
function zoneOffset(at: Date, timeZone: string): number {
  const parts = inZone("wall", timeZone).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/**
 * A wall-clock time in a time zone ("2026-11-21T09:14", a datetime-local field's value) as a moment. A time the
 * clocks show twice (autumn) is the first of them; a time they skip (spring) is read with the offset before the
 * change (2:30 AM is 3:30 AM), east and west of UTC alike.
 */
export function wallTimeIn(wall: string, timeZone: string): Date {
  const asUtc = Date.parse(`${wall}Z`);
  const DAY = 86_400_000;
  // No zone changes its offset twice within two days: the offsets a day either side are the only candidates.
  const before = zoneOffset(new Date(asUtc - DAY), timeZone);
  const after = zoneOffset(new Date(asUtc + DAY), timeZone);
  // A candidate fits when the zone has that very offset at the moment it gives.
  const fits = [before, after]
    .map((offset) => asUtc - offset)
    .filter((moment) => asUtc - zoneOffset(new Date(moment), timeZone) === moment);
  return new Date(fits.length > 0 ? Math.min(...fits) : asUtc - before);
}

/** A moment as the wall-clock time of a time zone, to the minute: a datetime-local field's value. */
export const wallTimeOf = (date: Date, timeZone: string): string =>
  new Date(Math.floor(date.getTime() / 1000) * 1000 + zoneOffset(date, timeZone)).toISOString().slice(0, 16);

/** The calendar day `days` after (before, when negative) a calendar day: ("2031-03-01", -1) is "2031-02-28". */
export const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The first moment of a calendar day ("2026-12-31") in a time zone: its midnight, or, where the clocks skip
 * midnight (Santiago in September), the moment they jump to.
 */
export const startOfDayIn = (day: string, timeZone: string): Date => wallTimeIn(`${day}T00:00`, timeZone);

/** The last moment of a calendar day ("2026-12-31") in the studio's time zone: a room is open through that day. */
export const endOfDayIn = (day: string, timeZone: string): Date =>
  new Date(startOfDayIn(addDays(day, 1), timeZone).getTime() - 1);

// The back office's compact forms, in the studio's time zone like every other date a person reads. Formatted in
// loaders (on the server), never while rendering: the browser's time-zone data need not agree with the server's.

/** "21 Nov 2026, 08:05 CST": a moment in a dense admin list. */
export function formatShortDateTime(date: Date | string, timeZone: string): string {
  const moment = new Date(date);
  const zone = inZone("zoneName", timeZone)
    .formatToParts(moment)
    .find((p) => p.type === "timeZoneName")?.value;
  return `${inZone("short", timeZone).format(moment)} ${zone ?? timeZone}`;
}

/** "21 Nov 2026": the studio's day of a moment. */
export const formatShortDate = (date: Date | string, timeZone: string) =>
  inZone("shortDay", timeZone).format(new Date(date));

const monthYear = lazyFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonthDay = lazyFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "November 2026", of a month written "2026-11" (the Analytics page's periods). */
export const formatMonth = (month: string) => monthYear(new Date(`${month}-01T00:00:00Z`));

/** "Nov 21", of a day written "2026-11-21". */
export const formatMonthDay = (day: string) => shortMonthDay(new Date(`${day}T00:00:00Z`));
