// The /account page's server side: what it shows (name, e-mail, password, second factors, sessions,
// orders) and what each of its forms does. Every call runs with the user's session (requireUser first).
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { account as accountTable, session as sessionTable, twoFactor, user as userTable } from "~/db/schema";
import { getSettings } from "~/modules/settings/settings.server";
import { buyerCertificateLinks } from "~/modules/certificates/certificates.server";
import type { CertificateLink } from "~/modules/certificates/certificate-rules";
import { ORDER_STATUS_LABELS } from "~/modules/shop/order-status";
import { ordersForEmail } from "~/modules/shop/orders.server";
import { formatDate } from "~/lib/dates";
import {
  listFactors,
  markFactorVerified,
  passwordMatches,
  removeFactors,
  setFullName,
  startPhoneFactor,
  startTotpFactor,
  type Factor,
} from "./accounts.server";
import { auth } from "./auth.server";
import { attempt, pageStatus, smsFailureAsError, type Outcome } from "./flows.server";
import { trackSms } from "./sms.server";
import { AccountIntentSchema } from "./forms.server";
import { authMessage, GENERIC_ERROR } from "./messages";
import { displayName, requireUser, type AuthContext } from "./session.server";
import { parseSubmission } from "~/modules/forms/submission.server";
import type { ActionFailure, ActionSuccess } from "~/lib/action-result";

export interface AccountPage {
  email: string;
  emailVerified: boolean;
  fullName: string;
  displayName: string;
  isAdmin: boolean;
  hasPassword: boolean;
  factors: Omit<Factor, "createdAt">[];
  /** The orders placed with the account's verified e-mail, each with its certificates' download links. */
  orders: { id: string; label: string; certificates: CertificateLink[] }[];
}

export async function loadAccountPage(request: Request): Promise<AccountPage> {
  const context = await requireUser(request);
  const [factors, hasPassword, orders] = await Promise.all([
    listFactors(context.user.id),
    userHasPassword(context.user.id),
    accountOrders(context.user.email, context.user.emailVerified),
  ]);
  return {
    email: context.user.email,
    emailVerified: context.user.emailVerified,
    fullName: context.profile?.fullName ?? "",
    displayName: displayName(context),
    isAdmin: context.role === "admin",
    hasPassword,
    factors: factors.map(({ createdAt: _c, ...f }) => f),
    orders,
  };
}

/** Orders are shown only to an address its owner confirmed: anyone could type another buyer's e-mail. */
async function accountOrders(email: string, verified: boolean): Promise<AccountPage["orders"]> {
  if (!verified) return [];
  const [orders, settings] = await Promise.all([ordersForEmail(email), getSettings()]);
  const links = await buyerCertificateLinks(orders.map((o) => o.id));
  return orders.map((o) => ({
    id: o.id,
    label: `Order ${o.number} · ${ORDER_STATUS_LABELS[o.status]} · placed ${formatDate(o.createdAt, settings.shop.timeZone)}`,
    certificates: links.get(o.id) ?? [],
  }));
}

async function userHasPassword(userId: string): Promise<boolean> {
  const row = await db().query.account.findFirst({
    where: and(eq(accountTable.userId, userId), eq(accountTable.providerId, "credential")),
    columns: { password: true },
  });
  return Boolean(row?.password);
}

/** What a section of the account page goes on showing after its form was sent, whether it worked or not. */
export interface AccountSteps {
  /** A TOTP enrolment in progress: the QR code image, the secret as text, the backup codes. */
  enrolment?: { qrDataUrl: string; secret: string; totpURI: string; backupCodes: string[] };
  /** Backup codes to show once. */
  backupCodes?: string[];
  /** A phone enrolment waiting for its texted code. */
  phonePending?: boolean;
}

/** What a form of /account answers when it does not redirect: the pipeline's `ActionResult` (which section sent
 * it in `intent`), with the HTTP status kept for the record (the route answers a person's mistake 200). */
export type AccountAnswer = (ActionSuccess<AccountSteps> | (ActionFailure & AccountSteps)) & {
  status: number;
  intent: string;
};

export type AccountActionResult = { redirect: string; cookies: Headers } | AccountAnswer;

async function enrolmentView(totpURI: string, backupCodes: string[]) {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  const { default: QRCode } = await import("qrcode");
  const qrDataUrl = await QRCode.toDataURL(totpURI, { margin: 1, width: 220, errorCorrectionLevel: "M" });
  return { qrDataUrl, secret: secret.replace(/(.{4})/g, "$1 ").trim(), totpURI, backupCodes };
}

/** How recent a sign-in must be to change an account that has no password to confirm with. */
export const FRESH_SIGN_IN_MINUTES = 15;

async function sessionIsFresh(sessionId: string): Promise<boolean> {
  const [row] = await db()
    .select({ createdAt: sessionTable.createdAt })
    .from(sessionTable)
    .where(eq(sessionTable.id, sessionId));
  return row !== undefined && Date.now() - row.createdAt.getTime() < FRESH_SIGN_IN_MINUTES * 60_000;
}

/** Sets twoFactorEnabled from what is left after a factor is removed. */
async function syncTwoFactorFlag(userId: string): Promise<void> {
  const left = (await listFactors(userId)).some((f) => f.status === "verified");
  await db().update(userTable).set({ twoFactorEnabled: left }).where(eq(userTable.id, userId));
}

/**
 * What the account page says when a form of its own could not be saved because the database is out of reach:
 * the route answers it 503, beside the form that was sent, with what was typed (never a password or a code).
 */
export const ACCOUNT_OUTAGE_MESSAGE =
  "This could not be saved just now. Please try again in a minute: what you typed is kept, apart from passwords.";

/** Handles one submission of the account page (its form, already read). */
export async function handleAccountAction(request: Request, form: FormData): Promise<AccountActionResult> {
  const context: AuthContext = await requireUser(request);
  const rawIntent = form.get("intent");
  const intent = typeof rawIntent === "string" ? rawIntent : "";
  const submission = parseSubmission(form, AccountIntentSchema, { intent });
  if (!submission.ok) {
    // A wrong-looking code during enrolment still shows the QR code again.
    const totpURI = submission.failure.values?.totpURI;
    const enrolment =
      intent === "totp-verify" && totpURI?.startsWith("otpauth://") ? await enrolmentView(totpURI, []) : undefined;
    return {
      ...submission.failure,
      status: 400,
      intent,
      enrolment,
      phonePending: intent === "phone-verify" || undefined,
    };
  }
  const input = submission.value;
  const headers = request.headers;
  /** A refusal: beside `field` when it names one, else above the section's form. */
  const refused = (status: number, error: string, field?: string): Extract<AccountAnswer, { ok: false }> => ({
    ok: false,
    status,
    intent,
    error,
    ...(field ? { fieldErrors: { [field]: error } } : {}),
  });
  const failed = (outcome: Extract<Outcome, { ok: false }>, field?: string) =>
    refused(pageStatus(outcome.status), outcome.message, field);
  const wrongPassword = refused(400, authMessage("INVALID_PASSWORD"), "password");
  const needsPassword = await userHasPassword(context.user.id);
  /** Proof that the person at the keyboard owns the account: the current password, or for an account without
   * one (e-mailed links, a provider) a sign-in within the last minutes (security item 9). */
  const checkPassword = async (password: string) =>
    needsPassword ? await passwordMatches(context.user.id, password) : await sessionIsFresh(context.sessionId);
  const identityRefused = () => (needsPassword ? wrongPassword : refused(403, authMessage("SESSION_EXPIRED")));

  switch (input.intent) {
    case "name": {
      await setFullName(context.user.id, input.fullName);
      return { ok: true, status: 200, intent, message: "Your name is saved." };
    }
    case "email": {
      if (input.newEmail.toLowerCase() === context.user.email.toLowerCase())
        return { ...refused(400, "That is already your address.", "newEmail"), values: { newEmail: input.newEmail } };
      if (!(await checkPassword(input.password))) return { ...identityRefused(), values: { newEmail: input.newEmail } };
      const result = await attempt(() =>
        auth().api.changeEmail({
          body: { newEmail: input.newEmail, callbackURL: "/account" },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.ok) return failed(result, "newEmail");
      return {
        ok: true,
        status: 200,
        intent,
        message: `We have sent a link to ${input.newEmail}. Your address changes when you open it.`,
      };
    }
    case "resend-confirmation": {
      const result = await attempt(() =>
        auth().api.sendVerificationEmail({
          body: { email: context.user.email, callbackURL: "/account" },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.ok) return failed(result);
      return { ok: true, status: 200, intent, message: `We have sent a confirmation link to ${context.user.email}.` };
    }
    case "password": {
      const result = await attempt(() =>
        auth().api.changePassword({
          body: { currentPassword: input.currentPassword, newPassword: input.newPassword, revokeOtherSessions: true },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.ok) return failed(result, result.code === "INVALID_PASSWORD" ? "currentPassword" : "newPassword");
      return { redirect: "/account?saved=password", cookies: result.cookies };
    }
    case "totp-start": {
      const factors = await listFactors(context.user.id);
      if (factors.some((f) => f.factorType === "totp" && f.status === "verified"))
        return refused(400, "You already use an authenticator app. Remove it first to set up another one.");
      if (!(await checkPassword(input.password))) return identityRefused();
      const { siteTitle } = await getSettings();
      const result = await attempt(() =>
        auth().api.enableTwoFactor({
          body: { password: input.password, issuer: siteTitle },
          headers,
          returnHeaders: true,
        }),
      );
      if (!result.ok) return failed(result, result.code === "INVALID_PASSWORD" ? "password" : undefined);
      const data = result.data as { totpURI?: string; backupCodes?: string[] };
      if (!data.totpURI) return refused(500, GENERIC_ERROR);
      await startTotpFactor(context.user.id, input.friendlyName, siteTitle);
      return { ok: true, status: 200, intent, enrolment: await enrolmentView(data.totpURI, data.backupCodes ?? []) };
    }
    case "totp-verify": {
      const result = await attempt(() =>
        auth().api.verifyTOTP({ body: { code: input.code }, headers, returnHeaders: true }),
      );
      if (!result.ok) {
        const enrolment = input.totpURI ? await enrolmentView(input.totpURI, []) : undefined;
        return { ...failed(result, "code"), enrolment };
      }
      await markFactorVerified(context.user.id, "totp");
      return { redirect: "/account?saved=totp", cookies: result.cookies };
    }
    case "phone-start": {
      if (!(await checkPassword(input.password)))
        return { ...identityRefused(), values: { friendlyName: input.friendlyName, phone: input.phone } };
      await startPhoneFactor(context.user.id, input.friendlyName, input.phone);
      const result = smsFailureAsError(
        await trackSms(() =>
          attempt(() => auth().api.sendTwoFactorOTP({ body: { trustDevice: false }, headers, returnHeaders: true })),
        ),
      );
      // A number the gateway would not text: said beside the number (the enrolment stays pending, unused).
      if (!result.ok) return failed(result, result.code === "SMS_NOT_SENT" ? "phone" : undefined);
      return {
        ok: true,
        status: 200,
        intent,
        phonePending: true,
        message: "We have texted a code to that number. It works for 3 minutes.",
      };
    }
    case "phone-verify": {
      const result = await attempt(() =>
        auth().api.verifyTwoFactorOTP({ body: { code: input.code }, headers, returnHeaders: true }),
      );
      if (!result.ok) return { ...failed(result, "code"), phonePending: true };
      await markFactorVerified(context.user.id, "phone");
      await syncTwoFactorFlag(context.user.id);
      return { redirect: "/account?saved=phone", cookies: result.cookies };
    }
    case "factor-remove": {
      if (!(await checkPassword(input.password)))
        return { ...identityRefused(), values: { factorType: input.factorType } };
      // The TOTP secret and its backup codes go with the app; the session stays valid.
      if (input.factorType === "totp") await db().delete(twoFactor).where(eq(twoFactor.userId, context.user.id));
      await removeFactors(context.user.id, input.factorType);
      await syncTwoFactorFlag(context.user.id);
      return { redirect: `/account?saved=removed-${input.factorType}`, cookies: new Headers() };
    }
    case "backup-codes": {
      if (!(await checkPassword(input.password))) return identityRefused();
      const result = await attempt(() =>
        auth().api.generateBackupCodes({ body: { password: input.password }, headers, returnHeaders: true }),
      );
      if (!result.ok) return failed(result, result.code === "INVALID_PASSWORD" ? "password" : undefined);
      return {
        ok: true,
        status: 200,
        intent,
        backupCodes: (result.data as { backupCodes: string[] }).backupCodes,
        message: "Your new backup codes are below. The old ones no longer work.",
      };
    }
    case "sign-out-others": {
      const result = await attempt(() => auth().api.revokeOtherSessions({ headers, returnHeaders: true }));
      if (!result.ok) return failed(result);
      return { ok: true, status: 200, intent, message: "Every other browser is signed out." };
    }
  }
}
