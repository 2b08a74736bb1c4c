// Private viewing rooms (docs/shop.md "Viewing rooms", decision 0023): the pure rules shared by the module, the
// admin, the room page and the tests: the link's token, when a room is open, which price a work has there, the
// expiry day in the studio's time zone, and the device summary kept for each open.

import { choices } from "./choices";

export const { values: ROOM_VISIT_KINDS, labels: ROOM_VISIT_LABELS } = choices({
  opened: "Opened",
  inquired: "Inquired",
  ordered: "Ordered",
});
export type RoomVisitKind = (typeof ROOM_VISIT_KINDS)[number];

/** 24 random bytes, base64url: 192 bits, 32 characters. */
export const ROOM_TOKEN_BYTES = 24;
export const ROOM_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function newRoomToken(): string {
  const bytes = new Uint8Array(ROOM_TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const isRoomToken = (value: string | null | undefined): value is string =>
  typeof value === "string" && ROOM_TOKEN_PATTERN.test(value);

export type RoomState = "open" | "expired" | "revoked";

export interface RoomTimes {
  expiresAt: Date;
  revokedAt: Date | null;
}

/** Revoked wins over expired: the artist's act is what the visitor is told. */
export function roomState(room: RoomTimes, now: Date): RoomState {
  if (room.revokedAt) return "revoked";
  return room.expiresAt.getTime() > now.getTime() ? "open" : "expired";
}

export const roomIsOpen = (room: RoomTimes, now: Date) => roomState(room, now) === "open";

/**
 * A work's price in a room: the room's own price when the artist set one, else the public price. Null: no price
 * anywhere, so the work can only be inquired about.
 */
export function roomPrice(publicPriceCents: number | null, roomPriceCents: number | null): number | null {
  if (roomPriceCents !== null && roomPriceCents > 0) return roomPriceCents;
  if (publicPriceCents !== null && publicPriceCents > 0) return publicPriceCents;
  return null;
}

/** How the room's price relates to the public one (the admin's list and the room page say so). */
export function roomPriceKind(
  publicPriceCents: number | null,
  roomPriceCents: number | null,
): "public" | "room-only" | "differs" | "none" {
  const price = roomPrice(publicPriceCents, roomPriceCents);
  if (price === null) return "none";
  if (publicPriceCents === null || publicPriceCents <= 0) return "room-only";
  return price === publicPriceCents ? "public" : "differs";
}

/** Parses "1,250.50" or "1250" (the admin's price field) to cents; undefined when it is not a price. */
export function parsePriceInput(raw: string): number | null | undefined {
  const text = raw.trim().replace(/[$,\s]/g, "");
  if (text === "") return null;
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) return undefined;
  const cents = Math.round(Number(text) * 100);
  return cents > 0 ? cents : undefined;
}

export const formatPriceInput = (cents: number | null) =>
  cents === null ? "" : cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);

/** "Chrome on macOS", "Safari on iPhone", "Link preview": what the artist sees of a visitor's device. */
export function deviceSummary(userAgent: string | null | undefined, bot = false): string {
  const ua = userAgent ?? "";
  if (bot) return "Link preview or robot";
  if (!ua) return "Unknown device";
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /Firefox\/|FxiOS/.test(ua)
        ? "Firefox"
        : /Chrome\/|CriOS|Chromium\//.test(ua)
          ? "Chrome"
          : /Safari\//.test(ua)
            ? "Safari"
            : "A browser";
  const system = /iPhone/.test(ua)
    ? "iPhone"
    : /iPad/.test(ua)
      ? "iPad"
      : /Android/.test(ua)
        ? /Mobile/.test(ua)
          ? "Android phone"
          : "Android tablet"
        : /Mac OS X|Macintosh/.test(ua)
          ? "macOS"
          : /Windows/.test(ua)
            ? "Windows"
            : /CrOS/.test(ua)
              ? "ChromeOS"
              : /Linux/.test(ua)
                ? "Linux"
                : "";
  return system ? `${browser} on ${system}` : browser;
}
