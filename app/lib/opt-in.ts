// The confirmation links of the double opt-in lists (the newsletter, "Notify me"), shared by the server modules
// and the pages the links open (docs/inquiries.md "Newsletter", docs/shop.md "Notify me").

/** How long a confirmation link works after it was sent. */
export const CONFIRM_LINK_DAYS = 7;

/**
 * Where a confirmation link stands: `open` (it confirms the sign-up waiting), `used` (the address is subscribed),
 * `expired` (sent more than CONFIRM_LINK_DAYS ago, or by a version whose links carried no time), `stale` (sent
 * before a later change: an unsubscribe, or a confirmation and an unsubscribe since).
 */
export type ConfirmLinkState = "open" | "used" | "expired" | "stale";

/** A confirmation link that changes nothing, and why. */
export type SpentLink = Exclude<ConfirmLinkState, "open">;
