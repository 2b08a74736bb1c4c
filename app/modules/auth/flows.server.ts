// The sign-in page's and account page's calls into better-auth, made on the server from form actions (no
// auth library in the browser). Each returns a result with the Set-Cookie headers to pass on, or a
// plain-words error. better-auth's hooks (rate limits, password policy, two-factor) apply to all of them.
import { runWithTransaction } from "@better-auth/core/context";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { isDatabaseUnavailable } from "~/db/unavailable";
import { safeRedirect } from "~/lib/safe-redirect";
import { services } from "~/services.server";
import {
  clearSetupTokens,
  consumeSetupToken,
  findUserByEmail,
  grantAdmin,
  markEmailVerified,
  PasswordAttemptsExceeded,
  passwordMatches,
  setFullName,
  setupTokenIsValid,
} from "./accounts.server";
import { auth, throwIfFailedOnDatabase } from "./auth.server";
import { trackSms } from "./sms.server";
import { authMessage, GENERIC_ERROR, tooManyAttempts } from "./messages";
import { passwordProblem, passwordProblemMessage } from "./password-policy.server";

export type Outcome<T = unknown> =
  | { ok: true; data: T; cookies: Headers }
  | { ok: false; code: string; message: string; status: number; cookies: Headers };

/**
 * The status a page answers a failed auth call with: 429 (slow down) and 503 (a text the gateway refused)
 * as they are, any other server failure 500, the rest (the person's mistake) 400.
 */
export const pageStatus = (status: number) => (status === 429 || status === 503 ? status : status >= 500 ? 500 : 400);

/** Only the Set-Cookie lines of a better-auth answer go back to the browser. */
export function cookiesOf(headers: Headers | null | undefined): Headers {
  const out = new Headers();
  for (const cookie of headers?.getSetCookie() ?? []) out.append("set-cookie", cookie);
  return out;
}

/**
 * Calls better-auth: its answer and cookies, or its refusal in words a person reads (an unexpected error is
 * logged). The database out of reach is thrown on, also when better-auth caught the failed query and answered
 * its own error: the page answers it as "try again in a minute", what was typed kept (`keptThroughOutage`), and
 * no stack is logged for it.
 */
export async function attempt<T>(call: () => Promise<{ headers: Headers | null; response: T }>): Promise<Outcome<T>> {
  try {
    const { headers, response } = await call();
    return { ok: true, data: response, cookies: cookiesOf(headers) };
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    if (isAPIError(error)) {
      await throwIfFailedOnDatabase(error.statusCode);
      const body = error.body as { code?: string; message?: string } | undefined;
      const code = body?.code ?? String(error.status);
      return {
        ok: false,
        code,
        message: authMessage(code, body?.message),
        status: error.statusCode,
        cookies: new Headers(),
      };
    }
    services().logger.error({ err: error }, "auth call failed");
    return { ok: false, code: "UNKNOWN", message: GENERIC_ERROR, status: 500, cookies: new Headers() };
  }
}

const absolute = (path: string) => `${services().config.publicUrl}${path}`;
/** Where the browser goes back to after a mail link or a provider: always a path on this site. */
const backTo = (returnTo: string) => absolute(safeRedirect(returnTo));
const backToAuth = (query: string, returnTo: string) =>
  absolute(`/auth?${query}${query ? "&" : ""}redirectTo=${encodeURIComponent(safeRedirect(returnTo))}`);

// ---- the sign-in page ----

export function signInWithPassword(request: Request, input: { email: string; password: string; remember: boolean }) {
  return attempt(() =>
    auth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: input.remember },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export function signUpWithPassword(
  request: Request,
  input: { email: string; password: string; fullName: string; returnTo: string },
) {
  return attempt(() =>
    auth().api.signUpEmail({
      body: {
        email: input.email,
        password: input.password,
        name: input.fullName,
        callbackURL: backToAuth("verified=1", input.returnTo),
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export function sendMagicLink(request: Request, input: { email: string; returnTo: string }) {
  return attempt(() =>
    auth().api.signInMagicLink({
      body: {
        email: input.email,
        callbackURL: backTo(input.returnTo),
        errorCallbackURL: backToAuth("mode=magic-link", input.returnTo),
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

/** The reset mail's link goes through better-auth, which sends the browser on to /auth?reset=true&token=... */
export function requestPasswordReset(request: Request, input: { email: string }) {
  return attempt(() =>
    auth().api.requestPasswordReset({
      body: { email: input.email, redirectTo: absolute("/auth?reset=true") },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export function resetPassword(request: Request, input: { token: string; password: string }) {
  return attempt(() =>
    auth().api.resetPassword({
      body: { token: input.token, newPassword: input.password },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export function resendConfirmation(request: Request, input: { email: string; returnTo: string }) {
  return attempt(() =>
    auth().api.sendVerificationEmail({
      body: {
        email: input.email,
        callbackURL: backToAuth("verified=1", input.returnTo),
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export type SecondFactorMethod = "totp" | "backup" | "phone";

export function verifySecondFactor(
  request: Request,
  input: { method: SecondFactorMethod; code: string; trustDevice: boolean },
) {
  const body = { code: input.code, trustDevice: input.trustDevice };
  const options = { body, headers: request.headers, returnHeaders: true as const };
  if (input.method === "backup") return attempt(() => auth().api.verifyBackupCode(options));
  if (input.method === "phone") return attempt(() => auth().api.verifyTwoFactorOTP(options));
  return attempt(() => auth().api.verifyTOTP(options));
}

export async function sendPhoneCode(request: Request) {
  return smsFailureAsError(
    await trackSms(() =>
      attempt(() =>
        auth().api.sendTwoFactorOTP({ body: { trustDevice: false }, headers: request.headers, returnHeaders: true }),
      ),
    ),
  );
}

/** A code that better-auth reported sent but the gateway refused: a failure with the plain 503 message. */
export function smsFailureAsError<T>({ result, smsFailed }: { result: Outcome<T>; smsFailed: boolean }): Outcome<T> {
  if (!result.ok || !smsFailed) return result;
  return {
    ok: false,
    code: "SMS_NOT_SENT",
    message: authMessage("SMS_NOT_SENT"),
    status: 503,
    cookies: result.cookies,
  };
}

/** Starts a social sign-in: returns the provider's URL to send the browser to (with the state cookie). */
export function startSocialSignIn(request: Request, input: { provider: string; returnTo: string }) {
  return attempt(() =>
    auth().api.signInSocial({
      body: {
        provider: input.provider,
        callbackURL: backTo(input.returnTo),
        errorCallbackURL: backToAuth("", input.returnTo),
        disableRedirect: true,
      },
      headers: request.headers,
      returnHeaders: true,
    }),
  );
}

export function signOut(request: Request) {
  return attempt(() => auth().api.signOut({ headers: request.headers, returnHeaders: true }));
}

/**
 * First-run setup: creates the account, or for an address that has one checks its password; then spends
 * the token, makes the account an administrator (its address counts as confirmed: the operator holds the
 * server log) and signs it in.
 */
export async function setUpFirstAdministrator(
  request: Request,
  input: { token: string; email: string; password: string; fullName: string },
): Promise<Outcome<null>> {
  const invalid = failure(
    "SETUP_TOKEN",
    "This setup link is no longer valid: an administrator exists, or the token expired. Restart the server for a new one.",
    403,
  );
  if (!(await setupTokenIsValid(input.token))) return invalid;
  const existing = await findUserByEmail(input.email);
  try {
    if (existing && !(await passwordMatches(existing.id, input.password)))
      return failure("INVALID_EMAIL_OR_PASSWORD", authMessage("INVALID_EMAIL_OR_PASSWORD"), 401);
  } catch (error) {
    if (error instanceof PasswordAttemptsExceeded)
      return failure("TOO_MANY_ATTEMPTS", tooManyAttempts(error.retryAfterSeconds), 429);
    throw error;
  }
  const account = existing ? { ok: true as const } : await createAccount(request, input);
  if (!account.ok) return account;
  if (!(await consumeSetupToken(input.token))) return invalid;
  const admin = (await findUserByEmail(input.email))!;
  await markEmailVerified(admin.id);
  await grantAdmin(admin.id);
  await clearSetupTokens();
  const signedIn = await signInWithPassword(request, { email: input.email, password: input.password, remember: true });
  if (!signedIn.ok) return signedIn;
  return { ok: true, data: null, cookies: signedIn.cookies };
}

/**
 * create-admin: a new account (through better-auth, so the password policy and argon2id apply) or an
 * existing one, made an administrator with its address confirmed. The password of an existing account
 * is left as it is.
 */
export async function createOrPromoteAdministrator(input: {
  email: string;
  password: string;
  fullName: string;
  /** An account that already exists is promoted only when the operator says so (`--promote-existing`). */
  promoteExisting?: boolean;
}): Promise<Outcome<{ userId: string; created: boolean }>> {
  let account = await findUserByEmail(input.email);
  const created = !account;
  if (account && !input.promoteExisting) {
    // Anyone can sign up with the artist's address before the operator runs this: promoting that account
    // silently would hand the shop to whoever chose its password (security item 8).
    return failure("ACCOUNT_EXISTS", PROMOTE_EXISTING_REFUSED, 409);
  }
  if (!account) {
    const made = await createAccount(null, input);
    if (!made.ok) return made;
    account = await findUserByEmail(input.email);
    if (!account) return failure("UNKNOWN", GENERIC_ERROR, 500);
    // Only an address the operator typed for a new account counts as confirmed; an existing account keeps
    // whatever confirmation it had.
    await markEmailVerified(account.id);
  }
  if (input.fullName) await setFullName(account.id, input.fullName);
  await grantAdmin(account.id);
  await clearSetupTokens();
  return { ok: true, data: { userId: account.id, created }, cookies: new Headers() };
}

export const PROMOTE_EXISTING_REFUSED =
  "An account with this e-mail address already exists. To make it an administrator (its password and address confirmation stay as they are), run again with --promote-existing.";

/** A new account with a confirmed address, made by the operator. */
async function createAccount(
  _request: Request | null,
  input: { email: string; password: string; fullName: string },
): Promise<Outcome<null>> {
  // better-auth's own pieces (its argon2id hasher, its user and account writes, our database hooks), without
  // the sign-up endpoint's confirmation mail: the operator vouches for this address.
  const email = input.email.trim().toLowerCase();
  if (!z.email().safeParse(email).success) return failure("INVALID_EMAIL", authMessage("INVALID_EMAIL"), 400);
  const problem = passwordProblem(input.password, { email, name: input.fullName });
  if (problem)
    return failure(`PASSWORD_${problem.toUpperCase().replace("-", "_")}`, passwordProblemMessage(problem), 400);
  const context = await auth().$context;
  const password = await context.password.hash(input.password);
  // The user and its password in one transaction, as a sign-up's: never an account without a password.
  const created = await runWithTransaction(context.adapter, async () => {
    const user = await context.internalAdapter.createUser(
      { email, name: input.fullName, emailVerified: true },
      { method: "admin" },
    );
    await context.internalAdapter.linkAccount({
      userId: user.id,
      providerId: "credential",
      accountId: user.id,
      password,
    });
    return user;
  });
  await setFullName(created.id, input.fullName);
  return { ok: true, data: null, cookies: new Headers() };
}

function failure(
  code: string,
  message: string,
  status: number,
): { ok: false; code: string; message: string; status: number; cookies: Headers } {
  return { ok: false, code, message, status, cookies: new Headers() };
}
