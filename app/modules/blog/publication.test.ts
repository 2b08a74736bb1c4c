import { describe, expect, it } from "vitest";
import { readUtc, resolvePublication } from "./publication";

const now = new Date("2026-05-10T12:00:00Z");

describe("resolvePublication", () => {
  it("saves a draft without a date, whatever was typed", () => {
    expect(resolvePublication({ choice: "draft", at: "2026-06-01T09:00", now })).toEqual({
      ok: true,
      status: "draft",
      publishAt: null,
    });
    expect(resolvePublication({ choice: "nonsense", at: "", now })).toMatchObject({ status: "draft" });
  });

  it("publishes now, or at the chosen date", () => {
    expect(resolvePublication({ choice: "published", at: "", now })).toEqual({
      ok: true,
      status: "published",
      publishAt: now,
    });
    expect(resolvePublication({ choice: "published", at: "2026-05-01T08:30", now })).toMatchObject({
      publishAt: new Date("2026-05-01T08:30:00Z"),
    });
  });

  it("keeps a published post's date when it is saved again", () => {
    const publishAt = new Date("2026-04-01T10:00:00Z");
    expect(
      resolvePublication({ choice: "published", at: "", existing: { status: "published", publishAt }, now }),
    ).toMatchObject({ publishAt });
    // A draft published today gets today, not a date it never had.
    expect(
      resolvePublication({ choice: "published", at: "", existing: { status: "draft", publishAt: null }, now }),
    ).toMatchObject({ publishAt: now });
  });

  it("schedules only in the future, with a date", () => {
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-11T09:00", now })).toEqual({
      ok: true,
      status: "scheduled",
      publishAt: new Date("2026-05-11T09:00:00Z"),
    });
    expect(resolvePublication({ choice: "scheduled", at: "", now })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Choose when the post goes public." },
    });
    expect(resolvePublication({ choice: "scheduled", at: "2026-05-10T11:59", now })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Choose a time in the future, or publish now." },
    });
  });

  it("refuses a date it cannot read", () => {
    expect(resolvePublication({ choice: "published", at: "10/05/2026", now })).toEqual({
      ok: false,
      fieldErrors: { publishAt: "Enter a date and time." },
    });
    expect(readUtc("2026-02-30T10:00")).toBeNull();
    expect(readUtc(" 2026-02-28T10:00 ")).toEqual(new Date("2026-02-28T10:00:00Z"));
    expect(readUtc("2026-13-01T10:00")).toBeNull();
  });
});
