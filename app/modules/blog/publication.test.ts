import { describe, expect, it } from "vitest";
import { readWallTime, resolvePublication } from "./publication";

const now = new Date("2026-05-10T12:00:00Z");
/** A studio in UTC: the time typed is the time saved. */
const utc = { now, timeZone: "UTC" };

describe("resolvePublication", () => {
  it("saves a draft without a date, whatever was typed", () => {
    expect(resolvePublication({ choice: "draft", at: "2026-06-01T09:00", ...utc })).toEqual({
      ok: true,
      status: "draft",
      publishAt: null,
    });
  });

  it("refuses a choice the form does not offer, beside the choices", () => {
    for (const choice of ["nonsense", "", undefined, "Published"])
      expect(resolvePublication({ choice, at: "", ...utc })).toEqual({
        ok: false,
        fieldErrors: { status: "Choose Draft, Published or Scheduled." },
      });
  });

  it("publishes now, or at the chosen date", () => {
    expect(resolvePublication({ choice: "published", at: "", ...utc })).toEqual({
      ok: true,
      status: "published",
      publishAt: now,
    });
    expect(resolvePublication({ choice: "published", at: "2026-05-01T08:30", ...utc })).toMatchObject({
      publishAt: new Date("2026-05-01T08:30:00Z"),
    });
  });

  it("keeps a published post's date when it is saved again", () => {
    const publishAt = new Date("2026-04-01T10:00:00Z");
    expect(
      resolvePublication({ choice: "published", at: "", existing: { status: "published", publishAt }, ...utc }),
    ).toMatchObject({ publishAt });
    // A draft published today gets today, not a date it never had.
    expect(
      resolvePublication({ choice: "published", at: "", existing: { status: "draft", publishAt: null }, ...utc }),
    ).toMatchObject({ publishAt: now });
  });

  it("schedules only in the future, with a date", () => {
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-11T09:00", ...utc })).toEqual({
      ok: true,
      status: "scheduled",
      publishAt: new Date("2026-05-11T09:00:00Z"),
    });
    expect(resolvePublication({ choice: "scheduled", at: "", ...utc })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Choose when the post goes public." },
    });
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-10T11:59", ...utc })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Choose a time in the future, or publish now." },
    });
  });

  it("refuses a date it cannot read", () => {
    expect(resolvePublication({ choice: "published", at: "10/05/2026", ...utc })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Enter a date and time." },
    });
    expect(readWallTime("2026-02-30T10:00", "UTC")).toBeNull();
    expect(readWallTime(" 2026-02-28T10:00 ", "UTC")).toEqual(new Date("2026-02-28T10:00:00Z"));
    expect(readWallTime("2026-13-01T10:00", "UTC")).toBeNull();
  });

  it("refuses a time in the year 9999, which west of UTC is past what the database stores", () => {
    const losAngeles = { now, timeZone: "America/Los_Angeles" };
    for (const at of ["9999-12-31T23:30", "9999-01-01T00:00"])
      expect(resolvePublication({ choice: "scheduled", at, ...losAngeles })).toEqual({
        ok: false,
        fieldErrors: { publishAt: "Choose a time before the year 9999." },
      });
    expect(resolvePublication({ choice: "scheduled", at: "9998-12-31T23:30", ...losAngeles })).toMatchObject({
      ok: true,
    });
  });

  it("reads the time typed as the studio's own clock, across a change of daylight saving time", () => {
    const chicago = { now, timeZone: "America/Chicago" };
    // 9 AM in Chicago in May (CDT, UTC-5) is 14:00 UTC; in December (CST, UTC-6) 15:00 UTC.
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-11T09:00", ...chicago })).toMatchObject({
      publishAt: new Date("2026-05-11T14:00:00Z"),
    });
    expect(resolvePublication({ choice: "scheduled", at: "2026-12-01T09:00", ...chicago })).toMatchObject({
      publishAt: new Date("2026-12-01T15:00:00Z"),
    });
    // 8 AM in Chicago is 13:00 UTC: an hour after now, so still in the future there.
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-10T08:00", ...chicago })).toMatchObject({
      ok: true,
    });
    expect(readWallTime("2026-03-08T01:30", "America/Chicago")).toEqual(new Date("2026-03-08T07:30:00Z"));
    expect(readWallTime("2026-03-08T03:30", "America/Chicago")).toEqual(new Date("2026-03-08T08:30:00Z"));
  });
});
