import { describe, expect, it } from "vitest";
import { ExhibitionSchema, exhibitionPhase, formatDateRange } from "./exhibition-rules";

const valid = {
  title: "Bayou Light",
  venue: "Galerie Rivage",
  city: "New Orleans",
  country: "us",
  startDate: "2027-03-04",
  endDate: "2027-04-20",
  type: "solo",
};

describe("exhibition rules", () => {
  it("accepts a show and normalises the country", () => {
    const parsed = ExhibitionSchema.parse(valid);
    expect(parsed).toMatchObject({ country: "US", published: false, artworkIds: [], link: "" });
  });

  it("refuses an end before the start, on the end date", () => {
    const result = ExhibitionSchema.safeParse({ ...valid, endDate: "2027-03-01" });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toEqual([
      expect.objectContaining({ path: ["endDate"], message: "The end date cannot be before the start date." }),
    ]);
    expect(ExhibitionSchema.safeParse({ ...valid, endDate: valid.startDate }).success).toBe(true);
  });

  it("places a show before, during and after its dates", () => {
    expect(exhibitionPhase("2027-03-04", "2027-04-20", "2027-03-03")).toBe("upcoming");
    expect(exhibitionPhase("2027-03-04", "2027-04-20", "2027-03-04")).toBe("current");
    expect(exhibitionPhase("2027-03-04", "2027-04-20", "2027-04-20")).toBe("current");
    expect(exhibitionPhase("2027-03-04", "2027-04-20", "2027-04-21")).toBe("past");
  });

  it("writes date ranges as people do", () => {
    expect(formatDateRange("2027-03-04", "2027-04-20")).toBe("March 4 – April 20, 2027");
    expect(formatDateRange("2026-12-01", "2027-01-10")).toBe("December 1, 2026 – January 10, 2027");
    expect(formatDateRange("2027-05-01", "2027-05-01")).toBe("May 1, 2027");
  });
});
