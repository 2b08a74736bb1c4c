// Order tracking's form: an order number and the e-mail address it was placed with.
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";

const TrackSchema = z.object({
  number: requiredText("Enter your order number.", 40, "Enter your order number."),
  email: z.string().trim().toLowerCase().max(254).pipe(z.email("Enter the e-mail address you ordered with.")),
});

/** One answer for every wrong pair, whether the number exists or not. */
export const TRACKING_NOT_FOUND =
  "We could not find an order with that number and e-mail address. Please check both: the order number is in your confirmation e-mail.";

/** The database out of reach (a 503): what was typed stays in the form. */
export const TRACKING_RETRY =
  "Your order could not be looked up just now. Please try again in a minute: what you typed is kept.";

export function readTrackingForm(form: FormData) {
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const values = { number: text("number", 40), email: text("email", 254) };
  const parsed = TrackSchema.safeParse(values);
  if (parsed.success) return { ok: true as const, values, input: parsed.data };
  const fieldErrors: { number?: string; email?: string } = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as "number" | "email"] ??= issue.message;
  return { ok: false as const, values, fieldErrors };
}
