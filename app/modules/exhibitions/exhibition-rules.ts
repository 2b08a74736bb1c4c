// Exhibition rules as plain functions: the form's schema (one for client and server), the types' labels and
// whether a show is upcoming, current or past on a given day.
import { choices } from "~/lib/choices";
import { formatDayRange } from "~/lib/dates";
import type { ExhibitionType } from "~/db/schema/business";
import { z } from "zod";
import { dayField, requiredText } from "~/modules/forms/fields";

// Keyed by the schema's type, so a kind added there must be labelled here.
const TYPES = choices<ExhibitionType>({
  solo: "Solo exhibition",
  group: "Group exhibition",
  fair: "Art fair",
  online: "Online exhibition",
});
export const EXHIBITION_TYPE_LABELS = TYPES.labels;

export const ExhibitionSchema = z
  .object({
    title: requiredText("Enter a title.", 160, "Keep the title under 160 characters."),
    venue: requiredText("Enter the venue.", 160, "Keep the venue under 160 characters."),
    city: z.string().trim().max(80, "Keep the city under 80 characters.").default(""),
    country: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^([A-Z]{2})?$/, "Use the two-letter country code, e.g. US or FR.")
      .default(""),
    startDate: dayField("start date"),
    endDate: dayField("end date"),
    type: z.enum(TYPES.values, "Choose the kind of exhibition."),
    description: z.string().trim().max(2_000, "Keep the description under 2,000 characters.").default(""),
    link: z
      .string()
      .trim()
      .max(500, "Keep the link under 500 characters.")
      .refine(
        (v) => v === "" || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
        "Enter a full web address starting with https://.",
      )
      .default(""),
    published: z.boolean().default(false),
    artworkIds: z.array(z.uuid("Choose works from the catalogue.")).max(200, "Choose at most 200 works.").default([]),
  })
  .refine((v) => v.endDate >= v.startDate, {
    path: ["endDate"],
    message: "The end date cannot be before the start date.",
  });

export type ExhibitionInput = z.output<typeof ExhibitionSchema>;

/**
 * The exhibition form as ExhibitionSchema reads it (readSubmission): the published box ("on" when ticked) as a
 * boolean, the works (one name sent once per ticked work) as a list.
 */
export const ExhibitionFormSchema = z.preprocess((fields) => {
  const form = fields as Record<string, unknown>;
  return {
    ...form,
    published: form.published === "on",
    artworkIds: form.artworkIds === undefined ? [] : [form.artworkIds].flat(),
  };
}, ExhibitionSchema);

export type ExhibitionPhase = "upcoming" | "current" | "past";

/** Where a show stands on `today` (YYYY-MM-DD): it is current from its first to its last day, inclusive. */
export function exhibitionPhase(startDate: string, endDate: string, today: string): ExhibitionPhase {
  if (startDate > today) return "upcoming";
  if (endDate < today) return "past";
  return "current";
}

/** "March 4 – April 20, 2027" (lib/dates' formatDayRange). */
export const formatDateRange = formatDayRange;
