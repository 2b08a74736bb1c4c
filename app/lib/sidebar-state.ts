// The admin sidebar's expanded/collapsed state, kept in a cookie (spec §9: 7 days) so the server renders it
// the way the admin left it, with no flash on load.
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
/** Spec §9 "shortcut b": Ctrl+B or Cmd+B. */
export const SIDEBAR_SHORTCUT = "b";

/** Whether the sidebar is expanded, from a Cookie header; expanded when the cookie is missing or unreadable. */
export function readSidebarOpen(cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return true;
  for (const part of cookieHeader.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== SIDEBAR_COOKIE) continue;
    const value = part.slice(eq + 1).trim();
    if (value === "false") return false;
    if (value === "true") return true;
  }
  return true;
}

/** The document.cookie assignment that remembers the state. */
export function sidebarCookie(open: boolean): string {
  return `${SIDEBAR_COOKIE}=${open ? "true" : "false"}; Path=/; Max-Age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
}

/** Whether a key press is the sidebar shortcut (Ctrl+B, or Cmd+B on a Mac). */
export function isSidebarShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return event.key.toLowerCase() === SIDEBAR_SHORTCUT && (event.ctrlKey || event.metaKey) && !event.altKey;
}
