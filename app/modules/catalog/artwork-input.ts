// The artwork form (upload, edit): one zod schema for what the admin types, read by the actions with
// `readSubmission`, so its messages show beside each field. Prices are typed in dollars and stored as cents.
import { z } from "zod";
import { AVAILABILITY_VALUES } from "~/lib/availability";
import { MAX_PRICE_CENTS } from "~/lib/money";
import { requiredText } from "~/modules/forms/fields";

const blankAsUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** "1,250", "$1250.50" -> cents; blank means price on request. */
export function parsePriceToCents(value: string): number | undefined | "invalid" {
  const cleaned = value.replace(/[$,\s]/g, "");
  if (cleaned === "") return undefined;
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(cleaned)) return "invalid";
  const [whole, fraction = ""] = cleaned.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

const maxYear = () => new Date().getFullYear() + 1;

export const ArtworkInput = z.object({
  title: requiredText("Enter a title.", 200, "Keep the title under 200 characters."),
  description: z.string().trim().max(5000, "Keep the description under 5,000 characters.").default(""),
  medium: z.string().trim().max(120, "Keep the medium under 120 characters.").default(""),
  year: z.preprocess(
    blankAsUndefined,
    z.coerce
      .number({ message: "Enter a year such as 2024." })
      .int("Enter a year such as 2024.")
      .min(1000, "Enter a year such as 2024.")
      .refine((y) => y <= maxYear(), { message: "The year cannot be in the future." })
      .optional(),
  ),
  size: z.string().trim().max(80, 'Keep the size under 80 characters, e.g. 24" x 36".').default(""),
  price: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const cents = parsePriceToCents(value);
      if (cents === "invalid") {
        ctx.addIssue({ code: "custom", message: "Enter a price in dollars, such as 1250 or 1,250.00." });
        return z.NEVER;
      }
      if (cents !== undefined && cents > MAX_PRICE_CENTS) {
        ctx.addIssue({ code: "custom", message: "Enter a price of at most $10,000,000." });
        return z.NEVER;
      }
      return cents ?? null;
    }),
  availability: z.enum(AVAILABILITY_VALUES, { message: "Choose an availability." }),
  featured: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  quantity: z.preprocess(
    (v) => blankAsUndefined(v) ?? "1",
    z.coerce
      .number({ message: "Enter a whole number." })
      .int("Enter a whole number.")
      .min(0, "The quantity cannot be negative.")
      .max(10_000, "Keep the quantity under 10,000."),
  ),
});

export type ArtworkInputValues = z.output<typeof ArtworkInput>;
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The first message for each field of a zod error. Kept for the forms not yet on the one pipeline (an
 * exhibition, a room, an invoice); new code uses `fieldErrorsOf` of `~/modules/forms/submission.server`.
 */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "form";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** Cents as the admin types them back in a price field ("1250" or "1250.50"). */
export function centsToInput(cents: number | null): string {
  if (cents === null) return "";
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}
