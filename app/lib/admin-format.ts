// Dates in the back office: one fixed time zone (UTC), so the server's HTML and the browser's render agree.
const dateTime = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});
const dateOnly = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" });

export const formatDateTime = (date: Date | string) => `${dateTime.format(new Date(date))} UTC`;
export const formatDate = (date: Date | string) => dateOnly.format(new Date(date));
