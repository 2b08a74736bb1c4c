// Dates as the site shows them: a day in words, always in UTC (the same on the server and in the browser).
// Made on first use: creating a DateTimeFormat costs about 10 ms of main thread in the browser, which a
// module-level constant would add to every page's start-up even where no date is shown.
let day: Intl.DateTimeFormat | undefined;

export const formatDay = (date: Date | string) =>
  (day ??= new Intl.DateTimeFormat("en-US", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  })).format(new Date(date));
/** The machine-readable form for <time dateTime>. */
export const isoDay = (date: Date | string) => new Date(date).toISOString().slice(0, 10);

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
