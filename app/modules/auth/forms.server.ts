// The forms of the sign-in and account pages: one zod schema per intent, read by the one form pipeline
// (`parseSubmission` of ~/modules/forms/submission.server: values, or field errors with what was typed kept).
import { z } from "zod";
import { hasVisibleText, requiredText } from "~/modules/forms/fields";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./password-policy.server";

const email = requiredText("Enter your e-mail address.", 254, "That e-mail address is too long.").pipe(
  z.email("Enter a valid e-mail address, like name@example.com."),
);

/** Any password when signing in (the policy is for new ones); a new one must fit the length range. */
const currentPassword = z
  .string({ message: "Enter your password." })
  .min(1, "Enter your password.")
  .max(1024, "That password is too long.");
const newPassword = z
  .string({ message: "Choose a password." })
  .min(1, "Choose a password.")
  .min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters.`)
  .max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`);
/** The longest name an account takes, on the forms and over better-auth's HTTP API alike. */
export const MAX_NAME_LENGTH = 120;
export const NAME_TOO_LONG = `Keep your name under ${MAX_NAME_LENGTH} characters.`;
/** An optional name (spec §5: "empty string if none"); one that shows nothing is none. */
const fullName = z
  .string()
  .trim()
  .max(MAX_NAME_LENGTH, NAME_TOO_LONG)
  .optional()
  .transform((v) => (v && hasVisibleText(v) ? v : ""));
const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true");
const code = requiredText("Enter the code.", 32, "That code is too long.").transform((v) => v.replace(/\s+/g, ""));
const friendlyName = requiredText(
  "Give it a name, like 'Phone' or 'Laptop'.",
  60,
  "Keep the name under 60 characters.",
);

export const AuthIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("sign-in"), email, password: currentPassword, remember: checkbox }),
  z.object({ intent: z.literal("sign-up"), email, password: newPassword, fullName }),
  z.object({ intent: z.literal("magic-link"), email }),
  z.object({ intent: z.literal("forgot"), email }),
  z.object({ intent: z.literal("resend-confirmation"), email }),
  z.object({
    intent: z.literal("reset"),
    token: z.string().min(1, "This link is incomplete. Ask for a new one.").max(512),
    password: newPassword,
  }),
  z.object({
    intent: z.literal("two-factor"),
    method: z.enum(["totp", "backup", "phone"]).default("totp"),
    code,
    trustDevice: checkbox,
  }),
  z.object({ intent: z.literal("send-code") }),
  z.object({ intent: z.literal("social"), provider: z.enum(["google", "github", "oidc"]) }),
  z.object({
    intent: z.literal("setup"),
    token: z.string().trim().min(1, "Paste the setup token from the server log.").max(200),
    email,
    password: newPassword,
    fullName,
  }),
]);

export const AccountIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("name"), fullName }),
  // Changing the address, a phone factor or removing a factor needs the current password (security item 9).
  z.object({ intent: z.literal("email"), newEmail: email, password: currentPassword }),
  z.object({ intent: z.literal("resend-confirmation") }),
  z.object({
    intent: z.literal("password"),
    currentPassword,
    newPassword,
  }),
  z.object({ intent: z.literal("totp-start"), friendlyName, password: currentPassword }),
  z.object({
    intent: z.literal("totp-verify"),
    code,
    // What the enrolment step showed, carried along so a wrong code can show it again (never trusted).
    totpURI: z
      .string()
      .max(1000)
      .regex(/^otpauth:\/\/totp\//)
      .optional(),
  }),
  z.object({
    intent: z.literal("phone-start"),
    friendlyName,
    password: currentPassword,
    phone: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, "Enter the number with its country code, like +15551234567."),
  }),
  z.object({ intent: z.literal("phone-verify"), code }),
  z.object({ intent: z.literal("factor-remove"), factorType: z.enum(["totp", "phone"]), password: currentPassword }),
  z.object({ intent: z.literal("backup-codes"), password: currentPassword }),
  z.object({ intent: z.literal("sign-out-others") }),
]);
