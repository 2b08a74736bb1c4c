// The /auth page's server side: which step to show (from the URL and the session) and what each form
// submission does. Every success ends in a redirect carrying better-auth's cookies; every mistake in a
// plain-words error beside the form, never a 500.
import { services } from "~/services.server";
import { findUserByEmail, hasAdministrator, secondFactorMethods, setupTokenIsValid } from "./accounts.server";
import {
  requestPasswordReset,
  resendConfirmation,
  resetPassword,
  sendMagicLink,
  sendPhoneCode,
  setUpFirstAdministrator,
  signInWithPassword,
  signUpWithPassword,
  startSocialSignIn,
  verifySecondFactor,
  pageStatus,
  type Outcome,
} from "./flows.server";
import { confirmsEmail } from "./auth.server";
import { AuthIntentSchema } from "./forms.server";
import { authMessage } from "./messages";
import { getAuthContext } from "./session.server";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { safeRedirect } from "~/lib/safe-redirect";
import { parseSubmission } from "~/modules/forms/submission.server";
import type { ActionFailure, ActionSuccess } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";

export type SignInMode = "sign-in" | "sign-up" | "magic-link" | "forgot";

export type SignInView =
  | { kind: SignInMode }
  | { kind: "reset"; token: string }
  | { kind: "two-factor"; methods: { totp: boolean; phone: boolean }; use: "totp" | "backup" | "phone" }
  | { kind: "setup"; token: string; valid: boolean };

export interface SignInPage {
  view: SignInView;
  redirectTo: string;
  error?: string;
  notice?: string;
  providers: { id: "google" | "github" | "oidc"; name: string }[];
  /** No administrator yet: the page offers the first-run setup (token from the server log). */
  setupOffered: boolean;
  /** Mail is sent (SMTP_URL): a new account confirms its address before it signs in; else it signs in at once. */
  confirmsEmail: boolean;
}

const MODES: SignInMode[] = ["sign-in", "sign-up", "magic-link", "forgot"];

/** What /auth shows, or where to send a visitor who is already signed in. */
export async function loadSignInPage(request: Request): Promise<{ redirect: string } | SignInPage> {
  const url = new URL(request.url);
  const q = url.searchParams;
  const redirectTo = safeRedirect(q.get("redirectTo"));
  const error = q.get("error") ?? undefined;
  const page = (view: SignInView, extra: Partial<SignInPage> = {}): SignInPage => ({
    view,
    redirectTo,
    providers: providers(),
    setupOffered: false,
    confirmsEmail: confirmsEmail(services().config),
    ...(error ? { error: authMessage(error) } : {}),
    ...extra,
  });

  if (q.has("setup")) {
    const token = q.get("setup") ?? "";
    return page({ kind: "setup", token, valid: await setupStillValid(token) });
  }
  if (q.get("reset") === "true") {
    const token = q.get("token");
    if (token && !error) return page({ kind: "reset", token });
    return page({ kind: "forgot" });
  }
  if (q.get("step") === "two-factor") {
    const methods = { totp: true, phone: false, ...parseMethods(q.get("methods")) };
    const use =
      q.get("use") === "backup"
        ? "backup"
        : q.get("use") === "phone" && methods.phone
          ? "phone"
          : methods.totp
            ? "totp"
            : methods.phone
              ? "phone"
              : "backup";
    return page({ kind: "two-factor", methods, use });
  }

  const signedIn = await getAuthContext(request);
  if (signedIn) return { redirect: redirectTo };
  const mode = MODES.find((m) => m === q.get("mode")) ?? "sign-in";
  const notice = q.get("done") === "reset" ? "Your password is changed. Sign in with your new password." : undefined;
  return page({ kind: mode }, { notice, setupOffered: mode === "sign-in" && (await firstStart()) });
}

/**
 * No administrator yet, so the page offers the first-run setup. With the database out of reach, no: the page
 * still shows, and its form answers "try again in a minute" with the address kept (a browser without JavaScript
 * gets the page again with that answer, which needs this loader).
 */
async function firstStart(): Promise<boolean> {
  try {
    return !(await hasAdministrator());
  } catch (error) {
    if (isDatabaseUnavailable(error)) return false;
    throw error;
  }
}

function parseMethods(value: string | null): Partial<{ totp: boolean; phone: boolean }> {
  if (!value) return {};
  const list = value.split(",");
  return { totp: list.includes("totp"), phone: list.includes("phone") };
}

function providers(): SignInPage["providers"] {
  const { oauth } = services().config;
  const list: SignInPage["providers"] = [];
  if (oauth.google) list.push({ id: "google", name: "Google" });
  if (oauth.github) list.push({ id: "github", name: "GitHub" });
  if (oauth.oidc) list.push({ id: "oidc", name: oauth.oidc.name });
  return list;
}

/** What a submission of /auth answers when it does not redirect: the pipeline's `ActionResult`, with the HTTP
 * status kept for the record (the route answers a person's mistake 200, beside the form). */
export type SignInAnswer = (
  | ActionSuccess<{
      /** A step done that has nothing to redirect to: "check your inbox". */
      sent?: { what: "magic-link" | "reset" | "confirm"; email: string };
      /** The two-factor step texted a code. */
      codeSent?: true;
    }>
  | (ActionFailure & {
      /** The address to offer a new confirmation link for. */
      unconfirmed?: string;
    })
) & { status: number };

export type SignInActionResult = { redirect: string; cookies: Headers } | SignInAnswer;

/**
 * What the /auth page says when a form of its own could not be handled because the database is out of reach,
 * by the form's intent: the route answers it 503 with what was typed, never the password (`keptThroughOutage`).
 */
export function signInOutageMessage(form: FormData): string {
  switch (form.get("intent")) {
    case "sign-in":
      return "You could not be signed in just now. Please try again in a minute: your e-mail address is kept.";
    case "sign-up":
    case "setup":
      return "Your account could not be created just now. Please try again in a minute: what you typed is kept, apart from the password.";
    case "magic-link":
    case "forgot":
    case "resend-confirmation":
      return "The link could not be sent just now. Please try again in a minute: your e-mail address is kept.";
    default:
      return "That could not be done just now. Please try again in a minute.";
  }
}

/** Handles one submission of the /auth page (its form, already read). */
export async function handleSignInAction(request: Request, form: FormData): Promise<SignInActionResult> {
  const rawIntent = form.get("intent");
  const intent = typeof rawIntent === "string" ? rawIntent : "";
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  const submission = parseSubmission(form, AuthIntentSchema, { intent });
  if (!submission.ok) return { ...submission.failure, status: 400 };
  const input = submission.value;
  const keep = {
    email: "email" in input ? input.email : "",
    ...("fullName" in input ? { fullName: input.fullName } : {}),
  };
  const failed = (
    outcome: Extract<Outcome, { ok: false }>,
    extra: object = {},
  ): Extract<SignInAnswer, { ok: false }> => ({
    ok: false,
    status: pageStatus(outcome.status),
    intent,
    error: outcome.message,
    // A password the policy refuses is said beside the password field.
    ...(outcome.code.startsWith("PASSWORD_") ? { fieldErrors: { password: outcome.message } } : {}),
    values: keep,
    ...extra,
  });

  /** "Check your inbox": the step mailed a link to the address typed. */
  const sent = (what: "magic-link" | "reset" | "confirm", email: string): SignInAnswer => ({
    ok: true,
    status: 200,
    intent,
    sent: { what, email },
  });

  switch (input.intent) {
    case "sign-in": {
      const result = await signInWithPassword(request, input);
      if (!result.ok) return failed(result, result.code === "EMAIL_NOT_VERIFIED" ? { unconfirmed: input.email } : {});
      if ((result.data as { twoFactorRedirect?: boolean }).twoFactorRedirect) {
        const account = await findUserByEmail(input.email);
        const methods = account ? await secondFactorMethods(account.id) : { totp: true, phone: false };
        const list = [methods.totp ? "totp" : null, methods.phone ? "phone" : null].filter(Boolean).join(",");
        return {
          redirect: `/auth?step=two-factor&methods=${list}&redirectTo=${encodeURIComponent(redirectTo)}`,
          cookies: result.cookies,
        };
      }
      return { redirect: redirectTo, cookies: result.cookies };
    }
    case "sign-up": {
      const result = await signUpWithPassword(request, { ...input, returnTo: redirectTo });
      if (!result.ok) return failed(result);
      // Without mail delivery the account is signed in at once (auth.server.ts, decision 0011).
      if ((result.data as { token?: string | null }).token) return { redirect: redirectTo, cookies: result.cookies };
      return sent("confirm", input.email);
    }
    case "magic-link": {
      const result = await sendMagicLink(request, { email: input.email, returnTo: redirectTo });
      return result.ok ? sent("magic-link", input.email) : failed(result);
    }
    case "forgot": {
      const result = await requestPasswordReset(request, { email: input.email });
      return result.ok ? sent("reset", input.email) : failed(result);
    }
    case "resend-confirmation": {
      const result = await resendConfirmation(request, { email: input.email, returnTo: redirectTo });
      return result.ok ? sent("confirm", input.email) : failed(result);
    }
    case "reset": {
      const result = await resetPassword(request, { token: input.token, password: input.password });
      if (!result.ok) return failed(result);
      return { redirect: "/auth?done=reset", cookies: result.cookies };
    }
    case "two-factor": {
      const result = await verifySecondFactor(request, input);
      if (!result.ok) {
        // A lost or expired step cannot be retried: start the sign-in again.
        if (result.code === "INVALID_TWO_FACTOR_COOKIE" || result.code === "TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE")
          return {
            redirect: `/auth?error=${result.code}&redirectTo=${encodeURIComponent(redirectTo)}`,
            cookies: result.cookies,
          };
        return { ...failed(result), fieldErrors: { code: result.message } };
      }
      return { redirect: redirectTo, cookies: result.cookies };
    }
    case "send-code": {
      const result = await sendPhoneCode(request);
      if (!result.ok) return failed(result);
      return { ok: true, status: 200, intent, codeSent: true };
    }
    case "social": {
      const result = await startSocialSignIn(request, { provider: input.provider, returnTo: redirectTo });
      const target = result.ok ? (result.data as { url?: string }).url : undefined;
      if (!result.ok || !target)
        return result.ok
          ? { ok: false, status: 400, intent, error: authMessage("oauth_provider_not_found") }
          : failed(result);
      return { redirect: target, cookies: result.cookies };
    }
    case "setup": {
      const result = await setUpFirstAdministrator(request, input);
      if (!result.ok) return failed(result);
      return { redirect: adminPaths.dashboard(), cookies: result.cookies };
    }
  }
}

/** Whether the setup step's token still works (the page says so before the form is filled in). */
export async function setupStillValid(token: string): Promise<boolean> {
  return token ? setupTokenIsValid(token) : !(await hasAdministrator());
}
