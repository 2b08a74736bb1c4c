import { isRouteErrorResponse } from "react-router";

/** The heading of a page the site cannot show for a moment (a 503 that says why). */
export const UNAVAILABLE_HEADING = "Back in a moment";

/**
 * The reason in words of a 503 (the database out of reach: server/database-outage.ts), or null for any other
 * error: such a page broke nothing, and the error pages say so under `UNAVAILABLE_HEADING`.
 */
export function unavailableReason(error: unknown): string | null {
  return isRouteErrorResponse(error) && error.status === 503 && typeof error.data === "string" ? error.data : null;
}
