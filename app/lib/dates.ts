// Dates as the site shows them (a day in words, always in UTC: the same on the server and in the browser), and
// calendar days in the studio's time zone (an invoice's date, "today" for exhibitions, a room's last day).

/**
 * A formatter made on its first use: creating a DateTimeFormat costs about 10 ms of main thread in the browser,
 * which a module-level constant would add to every page's start-up even where no date is shown.
 */
function lazyFormat(locale: string, options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat(locale, options)).format(date);
}

const longDay = lazyFormat("en-US", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
/** "November 21, 2026", of a moment in UTC. */
export const formatDay = (date: Date | string) => longDay(new Date(date));

/** The machine-readable form for <time dateTime>. */
export const isoDay = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

/** "November 21, 2026" for a calendar day "2026-11-21" (a date without a time: no time zone shifts it). */
export const formatCalendarDay = (day: string) => formatDay(`${day}T00:00:00Z`);

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
 * "Nov 21, 9:14 AM" in the browser's own time zone: only for what is rendered in the browser alone (the
 * signed-in widgets), never in server HTML, where it would differ from the hydrated page.
 */
export const formatLocalTime = lazyFormat("en-US", {
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

// Dates for people: formatted once on the server in the studio's time zone (no hydration differences).

/** "November 21, 2026 at 9:14 AM CST". */
export function formatDateTime(date: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

/** "November 21, 2026". */
export function formatDate(date: Date, timeZone = "UTC"): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone }).format(date);
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone (the studio's "today", an invoice's date). */
export function dayIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(date)
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The offset (ms) of a time zone from UTC at an instant. */
function zoneOffset(at: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second"));
  return wall - Math.floor(at.getTime() / 1000) * 1000;
}

/** The last moment of a calendar day ("2026-12-31") in the studio's time zone: a room is open through that day. */
export function endOfDayIn(day: string, timeZone: string): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const nextMidnightUtc = Date.UTC(y, m - 1, d + 1);
  // Twice: the offset at the guess may differ from the offset at the answer across a DST change.
  let guess = nextMidnightUtc - zoneOffset(new Date(nextMidnightUtc), timeZone);
  guess = nextMidnightUtc - zoneOffset(new Date(guess), timeZone);
  return new Date(guess - 1);
}

// The back office's compact forms: one fixed time zone (UTC), so the server's HTML and the browser's render agree.
const shortDateTime = lazyFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const shortDate = lazyFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });
const monthYear = lazyFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
const shortMonthDay = lazyFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "21 Nov 2026, 14:05 UTC": a moment in a dense admin list. */
export const formatShortDateTime = (date: Date | string) => `${shortDateTime(new Date(date))} UTC`;

/** "21 Nov 2026". */
export const formatShortDate = (date: Date | string) => shortDate(new Date(date));

/** "November 2026", of a month written "2026-11" (the Analytics page's periods). */
export const formatMonth = (month: string) => monthYear(new Date(`${month}-01T00:00:00Z`));

/** "Nov 21", of a day written "2026-11-21". */
export const formatMonthDay = (day: string) => shortMonthDay(new Date(`${day}T00:00:00Z`));
