// What the sign-in and account pages say when something goes wrong, in plain words (spec §8: auth errors
// are returned as data/error pairs and shown by the caller). Keyed by better-auth's error codes, ours,
// and the ?error= codes its redirects carry. None of them says whether an e-mail address has an account.

const LINK_EXPIRED = "This link has expired or was already used. Ask for a new one below.";

const MESSAGES: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: "The e-mail address or password is not right. Check both and try again.",
  EMAIL_NOT_VERIFIED:
    "Please confirm your e-mail address first: we have just sent you a new confirmation link. It may take a minute to arrive.",
  INVALID_EMAIL: "Enter a valid e-mail address, like name@example.com.",
  // Only without mail delivery, where sign-up signs in at once (decision 0011).
  USER_ALREADY_EXISTS: "This e-mail address cannot be used for a new account. Sign in, or use 'Forgot your password?'.",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL:
    "This e-mail address cannot be used for a new account. Sign in, or use 'Forgot your password?'.",
  INVALID_TOKEN: LINK_EXPIRED,
  TOKEN_EXPIRED: LINK_EXPIRED,
  invalid_token: LINK_EXPIRED,
  token_expired: LINK_EXPIRED,
  INVALID_USER: "This link belongs to another account. Sign out first, then open it again.",
  USER_NOT_FOUND: LINK_EXPIRED,
  INVALID_CODE: "That code is not right. Enter the newest code your app shows.",
  INVALID_BACKUP_CODE: "That backup code is not right, or it was already used.",
  INVALID_TWO_FACTOR_COOKIE: "The sign-in took too long. Please sign in again.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Too many wrong codes. Please sign in again.",
  ACCOUNT_TEMPORARILY_LOCKED: "Too many wrong codes: two-factor sign-in is paused for 15 minutes.",
  OTP_HAS_EXPIRED: "That code has expired. Ask for a new one.",
  SMS_NOT_SENT:
    "We could not text a code just now. Try again in a minute, or use your authenticator app or a backup code.",
  TOTP_NOT_ENABLED: "Start again: the authenticator app was not set up.",
  INVALID_PASSWORD: "Your current password is not right.",
  CREDENTIAL_ACCOUNT_NOT_FOUND:
    "Your account has no password yet: you sign in with a link or a provider. Use 'Forgot your password?' on the sign-in page to set one.",
  SESSION_EXPIRED: "For your security, please sign in again before changing this.",
  // OAuth redirects (?error=...).
  access_denied: "The sign-in was cancelled.",
  state_mismatch: "The sign-in took too long or was started in another window. Please try again.",
  please_restart_the_process: "The sign-in took too long or was started in another window. Please try again.",
  email_not_found: "The provider did not share an e-mail address, which we need. Try another way to sign in.",
  email_not_verified: "The provider has not verified your e-mail address. Verify it there, or sign in another way.",
  account_not_linked: "Sign in with your password or an e-mailed link first; this provider can then be used too.",
  unable_to_link_account: "Sign in with your password or an e-mailed link first; this provider can then be used too.",
  account_already_linked_to_different_user: "This provider account is already used by another account.",
  unable_to_get_user_info: "The provider did not answer as expected. Please try again.",
  invalid_code: "The provider did not answer as expected. Please try again.",
  oauth_provider_not_found: "That way of signing in is not available.",
  signup_disabled: "That way of signing in is not available.",
};

export const GENERIC_ERROR = "Something went wrong. Please try again in a moment.";

/** The message for an error code; `detail` is used for codes whose own message is already plain (ours). */
export function authMessage(code: string | undefined, detail?: string): string {
  if (!code) return GENERIC_ERROR;
  const known = MESSAGES[code];
  if (known) return known;
  if ((code.startsWith("PASSWORD_") || code === "TOO_MANY_ATTEMPTS") && detail) return detail;
  return GENERIC_ERROR;
}

/** "a minute", "3 minutes", "an hour": how long to wait before trying again. */
export function waitWords(seconds: number): string {
  if (seconds <= 60) return "a minute";
  if (seconds < 3600) return `${Math.ceil(seconds / 60)} minutes`;
  const hours = Math.ceil(seconds / 3600);
  return hours === 1 ? "an hour" : `${hours} hours`;
}

export function tooManyAttempts(retryAfterSeconds: number): string {
  return `Too many attempts. Please wait ${waitWords(retryAfterSeconds)} and try again.`;
}
