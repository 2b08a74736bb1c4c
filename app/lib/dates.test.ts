import { describe, expect, it } from "vitest";
import {
  addDays,
  dayIn,
  endOfDayIn,
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDayRange,
  formatMonth,
  formatMonthDay,
  formatShortDate,
  formatShortDateTime,
  startOfDayIn,
  studioDay,
  wallTimeIn,
  wallTimeOf,
} from "./dates";

describe("dates", () => {
  it("says a calendar day the same in every time zone", () => {
    expect(formatCalendarDay("2026-11-21")).toBe("November 21, 2026");
    expect(formatCalendarDay("2026-01-01")).toBe("January 1, 2026");
  });

  it("says a range of days as briefly as is clear", () => {
    expect(formatDayRange("2027-03-04", "2027-03-04")).toBe("March 4, 2027");
    expect(formatDayRange("2027-03-04", "2027-04-20")).toBe("March 4 – April 20, 2027");
    expect(formatDayRange("2026-12-01", "2027-01-10")).toBe("December 1, 2026 – January 10, 2027");
  });

  it("says a moment in the studio's time zone", () => {
    expect(formatDateTime(new Date("2026-11-21T15:14:00Z"), "America/Chicago")).toBe(
      "November 21, 2026 at 9:14 AM CST",
    );
  });

  it("turns a wall-clock time in the studio into a moment, and back (a datetime-local field's value)", () => {
    expect(wallTimeIn("2026-11-21T09:14", "America/Chicago")).toEqual(new Date("2026-11-21T15:14:00Z"));
    expect(wallTimeIn("2026-07-01T09:14", "America/Chicago")).toEqual(new Date("2026-07-01T14:14:00Z"));
    expect(wallTimeIn("2026-11-21T09:14", "UTC")).toEqual(new Date("2026-11-21T09:14:00Z"));
    expect(wallTimeIn("2026-11-21T09:14", "Asia/Kolkata")).toEqual(new Date("2026-11-21T03:44:00Z"));
    // A time the clocks skip is read with the offset before the change: 2:30 AM does not exist, 3:30 AM is meant.
    expect(wallTimeIn("2026-03-08T02:30", "America/Chicago")).toEqual(new Date("2026-03-08T08:30:00Z"));
    expect(wallTimeIn("2026-03-29T02:30", "Europe/Paris")).toEqual(new Date("2026-03-29T01:30:00Z"));
    // A time the clocks show twice is the first of them, east and west of UTC alike.
    expect(wallTimeIn("2026-11-01T01:30", "America/Chicago")).toEqual(new Date("2026-11-01T06:30:00Z"));
    expect(wallTimeIn("2026-10-25T02:30", "Europe/Paris")).toEqual(new Date("2026-10-25T00:30:00Z"));
    // What the field shows of a saved moment reads back as that moment.
    for (const [moment, zone] of [
      ["2026-11-01T06:30:00Z", "America/Chicago"],
      ["2026-10-25T00:30:00Z", "Europe/Paris"],
      ["2026-03-08T08:30:00Z", "America/Chicago"],
      ["2026-04-05T14:45:00Z", "Australia/Lord_Howe"],
    ] as const)
      expect(wallTimeIn(wallTimeOf(new Date(moment), zone), zone), `${moment} ${zone}`).toEqual(new Date(moment));
    expect(wallTimeOf(new Date("2026-11-21T15:14:30Z"), "America/Chicago")).toBe("2026-11-21T09:14");
    expect(wallTimeOf(new Date("2026-11-22T03:00:00Z"), "America/Chicago")).toBe("2026-11-21T21:00");
    expect(wallTimeOf(new Date("2026-11-21T23:30:00Z"), "Europe/Paris")).toBe("2026-11-22T00:30");
  });

  it("finds the studio's day and the end of a day across time zones", () => {
    expect(dayIn(new Date("2026-11-22T03:00:00Z"), "America/Chicago")).toBe("2026-11-21");
    expect(endOfDayIn("2026-11-21", "America/Chicago").toISOString()).toBe("2026-11-22T05:59:59.999Z");
  });

  it("counts calendar days across months, leap days and years, and finds a day's first moment in a zone", () => {
    expect(addDays("2031-03-01", -1)).toBe("2031-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-11-26", -29)).toBe("2026-10-28");
    expect(startOfDayIn("2026-11-21", "America/Chicago").toISOString()).toBe("2026-11-21T06:00:00.000Z");
    // The day the clocks go forward in Chicago starts on standard time; the day after, on daylight time.
    expect(startOfDayIn("2026-03-08", "America/Chicago").toISOString()).toBe("2026-03-08T06:00:00.000Z");
    expect(startOfDayIn("2026-03-09", "America/Chicago").toISOString()).toBe("2026-03-09T05:00:00.000Z");
    expect(startOfDayIn("2026-12-01", "Asia/Kathmandu").toISOString()).toBe("2026-11-30T18:15:00.000Z");
    expect(startOfDayIn("2026-12-01", "UTC").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    // Santiago skips midnight in September (00:00 is 01:00): the day starts at the jump, and the day before
    // ends just before it.
    expect(startOfDayIn("2026-09-06", "America/Santiago").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(endOfDayIn("2026-09-05", "America/Santiago").toISOString()).toBe("2026-09-06T03:59:59.999Z");
    // In April, midnight turns the clocks back to 23:00: the 4th has 25 hours, and the 5th starts once.
    expect(startOfDayIn("2026-04-05", "America/Santiago").toISOString()).toBe("2026-04-05T04:00:00.000Z");
    expect(endOfDayIn("2026-04-05", "America/Santiago").toISOString()).toBe("2026-04-06T03:59:59.999Z");
  });

  it("says the back office's compact moments in the studio's time zone, as the long forms do", () => {
    expect(formatShortDateTime(new Date("2026-11-21T14:05:00Z"), "America/Chicago")).toBe("21 Nov 2026, 08:05 CST");
    expect(formatShortDateTime("2026-07-01T14:05:00Z", "America/Chicago")).toBe("1 Jul 2026, 09:05 CDT");
    expect(formatShortDateTime(new Date("2026-11-21T14:05:00Z"), "UTC")).toBe("21 Nov 2026, 14:05 UTC");
    // The zone's name is the one the long form uses, so an order and a message of one moment read alike.
    expect(formatShortDateTime(new Date("2026-11-21T14:05:00Z"), "Europe/Paris")).toBe("21 Nov 2026, 15:05 GMT+1");
    // Late in the evening in Chicago is already the next day in UTC: the studio's day is the one shown.
    expect(formatShortDate("2026-11-22T03:59:00Z", "America/Chicago")).toBe("21 Nov 2026");
    expect(formatShortDate("2026-11-22T03:59:00Z", "UTC")).toBe("22 Nov 2026");
  });

  it("says a moment and its day in the studio's zone in every long form", () => {
    expect(formatDate(new Date("2026-11-22T03:59:00Z"), "America/Chicago")).toBe("November 21, 2026");
    expect(studioDay(new Date("2026-11-22T03:59:00Z"), "America/Chicago")).toEqual({
      day: "2026-11-21",
      label: "November 21, 2026",
    });
  });

  it("names a month and a day of the month, in UTC whatever the server's zone", () => {
    expect(formatMonth("2026-11")).toBe("November 2026");
    expect(formatMonth("2027-01")).toBe("January 2027");
    expect(formatMonthDay("2026-11-21")).toBe("Nov 21");
    expect(formatMonthDay("2026-12-01")).toBe("Dec 1");
  });
});
