// Zod fields that several forms' schemas share. Isomorphic: the admin's form schemas are read in the browser
// too, so nothing here may import server code.
import { z } from "zod";

/** A text that must be filled in: trimmed; `missing` when empty or not sent, `tooLong` past `max` characters. */
export const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

/** A calendar day from a date input (YYYY-MM-DD), called `label` in its messages ("Enter the start date."). */
export const dayField = (label: string) =>
  z
    .string({ error: `Enter the ${label}.` })
    .trim()
    .min(1, `Enter the ${label}.`)
    .regex(/^\d{4}-\d{2}-\d{2}$/, `Enter the ${label} as a date.`)
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), `Enter a real ${label}.`);
