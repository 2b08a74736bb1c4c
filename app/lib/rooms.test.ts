import { describe, expect, it } from "vitest";
import { dayIn, endOfDayIn } from "./dates";
import {
  deviceSummary,
  isRoomToken,
  newRoomToken,
  parsePriceInput,
  roomIsOpen,
  roomPrice,
  roomPriceKind,
  roomState,
} from "./rooms";

describe("room tokens", () => {
  it("are 32 base64url characters (192 random bits), never the same twice", () => {
    const tokens = Array.from({ length: 500 }, newRoomToken);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(isRoomToken(t)).toBe(true);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    // 192 bits of base64url: every one of the 64 characters turns up across 500 tokens.
    expect(new Set(tokens.join("")).size).toBe(64);
  });

  it("refuse anything else before a query is made", () => {
    for (const bad of [
      null,
      undefined,
      "",
      "short",
      "a".repeat(31),
      "a".repeat(33),
      `${"a".repeat(31)}/`,
      `${"a".repeat(31)}=`,
    ])
      expect(isRoomToken(bad)).toBe(false);
  });
});

describe("room state", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  it("is open until its expiry, expired at and after it", () => {
    expect(roomState({ expiresAt: new Date("2026-11-23T12:00:01Z"), revokedAt: null }, now)).toBe("open");
    expect(roomState({ expiresAt: now, revokedAt: null }, now)).toBe("expired");
    expect(roomState({ expiresAt: new Date("2026-11-01T00:00:00Z"), revokedAt: null }, now)).toBe("expired");
    expect(roomIsOpen({ expiresAt: new Date("2027-01-01T00:00:00Z"), revokedAt: null }, now)).toBe(true);
  });
  it("is revoked whatever its expiry once the artist withdrew the link", () => {
    expect(roomState({ expiresAt: new Date("2027-01-01T00:00:00Z"), revokedAt: now }, now)).toBe("revoked");
    expect(roomState({ expiresAt: new Date("2026-01-01T00:00:00Z"), revokedAt: now }, now)).toBe("revoked");
  });
});

describe("room prices", () => {
  it("the room's own price wins; else the public one; else inquiry only", () => {
    expect(roomPrice(250_000, 200_000)).toBe(200_000);
    expect(roomPrice(250_000, null)).toBe(250_000);
    expect(roomPrice(null, 180_000)).toBe(180_000);
    expect(roomPrice(null, null)).toBeNull();
    expect(roomPrice(0, null)).toBeNull();
    expect(roomPrice(250_000, 0)).toBe(250_000);
  });
  it("says how the room's price relates to the public one", () => {
    expect(roomPriceKind(250_000, 200_000)).toBe("differs");
    expect(roomPriceKind(250_000, 250_000)).toBe("public");
    expect(roomPriceKind(250_000, null)).toBe("public");
    expect(roomPriceKind(null, 180_000)).toBe("room-only");
    expect(roomPriceKind(null, null)).toBe("none");
  });
  it("reads the admin's price field", () => {
    expect(parsePriceInput("")).toBeNull();
    expect(parsePriceInput(" 1,250 ")).toBe(125_000);
    expect(parsePriceInput("$1250.5")).toBe(125_050);
    expect(parsePriceInput("1250.55")).toBe(125_055);
    for (const bad of ["0", "-5", "12.345", "abc", "1e5", "99999999"]) expect(parsePriceInput(bad)).toBeUndefined();
  });
});

describe("expiry day", () => {
  it("closes a room at the end of its last day in the studio's time zone", () => {
    // Chicago is UTC-6 in November: the day ends at 06:00 UTC the next day.
    expect(endOfDayIn("2026-11-30", "America/Chicago").toISOString()).toBe("2026-12-01T05:59:59.999Z");
    expect(endOfDayIn("2026-07-01", "America/Chicago").toISOString()).toBe("2026-07-02T04:59:59.999Z");
    expect(endOfDayIn("2026-11-30", "UTC").toISOString()).toBe("2026-11-30T23:59:59.999Z");
    expect(endOfDayIn("2026-03-29", "Europe/Paris").toISOString()).toBe("2026-03-29T21:59:59.999Z");
  });
  it("shows the same day back in the date field", () => {
    for (const tz of ["America/Chicago", "UTC", "Europe/Paris", "Pacific/Auckland"])
      expect(dayIn(endOfDayIn("2026-11-30", tz), tz)).toBe("2026-11-30");
  });
});

describe("device summary", () => {
  it("keeps the browser and system, nothing more", () => {
    expect(
      deviceSummary(
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
      ),
    ).toBe("Chrome on macOS");
    expect(
      deviceSummary(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
      ),
    ).toBe("Safari on iPhone");
    expect(deviceSummary("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0")).toBe(
      "Firefox on Windows",
    );
    expect(deviceSummary("Slackbot-LinkExpanding 1.0", true)).toBe("Link preview or robot");
    expect(deviceSummary(null)).toBe("Unknown device");
  });
});
