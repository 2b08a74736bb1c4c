import { describe, expect, it } from "vitest";
import { canMoveHold, holdExpiry, holdHasLapsed, holdIsLive, mayBuy, type HoldState } from "./holds";

const now = new Date("2026-11-23T12:00:00Z");
const work = "11111111-1111-4111-8111-111111111111";
const other = "22222222-2222-4222-8222-222222222222";
const approved = (expiresAt: Date, artworkId = work): HoldState => ({ artworkId, status: "approved", expiresAt });

describe("hold expiry", () => {
  it("ends the set number of hours after approval", () => {
    expect(holdExpiry(now, 48).toISOString()).toBe("2026-11-25T12:00:00.000Z");
    expect(holdExpiry(now, 1).getTime() - now.getTime()).toBe(3_600_000);
  });

  it("is live before its end and lapsed from its end on", () => {
    const hold = approved(new Date(now.getTime() + 1));
    expect(holdIsLive(hold, now)).toBe(true);
    expect(holdHasLapsed(hold, now)).toBe(false);
    const due = approved(now);
    expect(holdIsLive(due, now)).toBe(false);
    expect(holdHasLapsed(due, now)).toBe(true);
  });

  it("never lapses a hold that was not approved (requests, declines and sales keep nothing)", () => {
    for (const status of ["requested", "declined", "lapsed", "completed"] as const) {
      const hold: HoldState = { artworkId: work, status, expiresAt: new Date(now.getTime() - 1) };
      expect(holdHasLapsed(hold, now)).toBe(false);
      expect(holdIsLive(hold, now)).toBe(false);
    }
  });
});

describe("who may buy", () => {
  const live = approved(new Date(now.getTime() + 3_600_000));
  it("anyone may buy an available work", () => {
    expect(mayBuy("available", undefined, work, now)).toBe(true);
    expect(mayBuy("available", live, work, now)).toBe(true);
  });

  it("only the holder of a live hold on that very work may buy it while it is on hold", () => {
    expect(mayBuy("on_hold", undefined, work, now)).toBe(false);
    expect(mayBuy("on_hold", live, work, now)).toBe(true);
    expect(mayBuy("on_hold", approved(live.expiresAt!, other), work, now)).toBe(false);
    expect(mayBuy("on_hold", approved(new Date(now.getTime() - 1)), work, now)).toBe(false);
    expect(mayBuy("on_hold", { ...live, status: "requested" }, work, now)).toBe(false);
  });

  it("nobody may buy a reserved, sold or not-for-sale work, hold or not", () => {
    for (const availability of ["reserved", "sold", "not_for_sale"])
      expect(mayBuy(availability, live, work, now)).toBe(false);
  });
});

describe("hold moves", () => {
  it("a request is approved or declined once; an approved hold lapses or is completed", () => {
    expect(canMoveHold("requested", "approved")).toBe(true);
    expect(canMoveHold("requested", "declined")).toBe(true);
    expect(canMoveHold("requested", "lapsed")).toBe(false);
    expect(canMoveHold("approved", "lapsed")).toBe(true);
    expect(canMoveHold("approved", "completed")).toBe(true);
    expect(canMoveHold("approved", "declined")).toBe(false);
    for (const end of ["declined", "lapsed", "completed"] as const) expect(canMoveHold(end, "approved")).toBe(false);
  });
});
