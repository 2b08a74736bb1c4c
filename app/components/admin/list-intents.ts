// The requests of the back-office lists edited card by card (Homepage Editor, Manage Photos, Categorization,
// Artwork Management, the blog and exhibition lists): a card deleted, the cards put in a new order, a switch turned.
import { z } from "zod";

export const DeleteIntent = z.object({ intent: z.literal("delete"), id: z.uuid() });

/** The cards' ids in their new order, comma-separated (a sortable list's fetcher). */
export const ReorderIntent = z.object({ intent: z.literal("reorder"), ids: z.string().max(10_000) });

/** One of a card's switches (`fields`, e.g. isPublished) turned to "true" or "false" (FetcherSwitch). */
export const flagIntent = <const F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({ intent: z.literal("flag"), id: z.uuid(), field: z.enum(fields), value: z.enum(["true", "false"]) });
