// Holds on request (docs/shop.md "Holds", decision 0020): the pure rules shared by the module, the admin and the
// tests. A request blocks nothing; an approved hold makes its work `on_hold` until it lapses or is completed.
import { choices } from "./choices";

export const { values: HOLD_STATUSES, labels: HOLD_STATUS_LABELS } = choices({
  requested: "Waiting for you",
  approved: "On hold",
  declined: "Declined",
  lapsed: "Lapsed",
  completed: "Bought",
});
export type HoldStatus = (typeof HOLD_STATUSES)[number];

export const DEFAULT_HOLD_HOURS = 48;

export interface HoldState {
  artworkId: string;
  status: HoldStatus;
  expiresAt: Date | null;
}

/** When a hold approved at `approvedAt` lapses. */
export function holdExpiry(approvedAt: Date, hours: number): Date {
  return new Date(approvedAt.getTime() + hours * 3_600_000);
}

/** An approved hold that has not reached its end: its work is kept for the holder. */
export function holdIsLive(hold: HoldState, now: Date): boolean {
  return hold.status === "approved" && hold.expiresAt !== null && hold.expiresAt.getTime() > now.getTime();
}

/** An approved hold whose time is up: the lapse job releases its work. */
export function holdHasLapsed(hold: HoldState, now: Date): boolean {
  return hold.status === "approved" && hold.expiresAt !== null && hold.expiresAt.getTime() <= now.getTime();
}

/**
 * Who may buy a work that is on hold: only the one presenting that work's live hold (the link mailed to the
 * holder). Anyone may buy an available work; nobody a reserved, sold or not-for-sale one.
 */
export function mayBuy(availability: string, presented: HoldState | undefined, artworkId: string, now: Date): boolean {
  if (availability === "available") return true;
  if (availability !== "on_hold" || !presented) return false;
  return presented.artworkId === artworkId && holdIsLive(presented, now);
}

/** Which moves the artist (or the job) may make from a status. */
export const HOLD_MOVES: Record<HoldStatus, readonly HoldStatus[]> = {
  requested: ["approved", "declined"],
  approved: ["lapsed", "completed"],
  declined: [],
  lapsed: [],
  completed: [],
};

export const canMoveHold = (from: HoldStatus, to: HoldStatus): boolean => HOLD_MOVES[from].includes(to);
