/**
 * The one place a redirect target taken from user input is checked (sign-in, two-factor, magic link,
 * e-mail verification, the signed-in GET of /auth). Only a path on this site comes back; anything a
 * browser could read as another origin (`//`, `/\`, control characters it strips, encoded slashes or
 * backslashes that a later decode would turn into one) gives the fallback.
 */
const BASE = "https://atelier.invalid";
// Characters browsers drop or rewrite inside a URL (tab, newline, other controls, bidi overrides) or that
// turn a path into an authority (backslash). Checked on the raw value and on its decodings.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
const UNSAFE_CHARS = /[\\\u0000-\u0020\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u3002\uff0e\uff0f]/;
// In a decoded path: controls and backslashes (a decoded space is only text).
// eslint-disable-next-line no-control-regex -- as above
const DECODED_UNSAFE = /[\\\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\u3002\uff0e\uff0f]/;
const RESERVED = [/^\/auth(?:[/?#]|$)/, /^\/api\//];

export function safeRedirect(value: string | null | undefined, fallback = "/"): string {
  const path = sameSitePath(value);
  return path === null || RESERVED.some((pattern) => pattern.test(path)) ? fallback : path;
}

/**
 * A callback address handed to better-auth's own endpoints (`callbackURL` and the like): a path on this site,
 * or an absolute URL whose origin is `ownOrigin` and whose path passes the same checks. /auth paths are fine
 * here (the mail links come back to the sign-in page).
 */
export function isSameSiteCallback(value: string, ownOrigin: string): boolean {
  if (value.startsWith(`${ownOrigin}/`)) return sameSitePath(value.slice(ownOrigin.length)) !== null;
  return sameSitePath(value) !== null;
}

/** The path, query and fragment of `value` when it can only lead to this site; null otherwise. */
function sameSitePath(value: string | null | undefined): string | null {
  const fallback = null;
  if (typeof value !== "string" || value.length === 0 || value.length > 2048) return fallback;
  if (!isSafePath(value)) return fallback;
  let decoded = value;
  // Rounds of percent-decoding catch `%252F` as well as `%2F`; a value that cannot be decoded is refused.
  for (let round = 0; round < 3; round += 1) {
    if (!isSafePath(pathPart(decoded), DECODED_UNSAFE)) return fallback;
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      return fallback;
    }
    if (next === decoded) break;
    decoded = next;
  }
  let url: URL;
  try {
    url = new URL(value, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const path = url.pathname + url.search + url.hash;
  return isSafePath(path) ? path : fallback;
}

function isSafePath(path: string, unsafe = UNSAFE_CHARS): boolean {
  return path.startsWith("/") && !path.startsWith("//") && !unsafe.test(path) && !/\/\.{1,2}\/\//.test(path);
}

/** The path before any query or fragment: where a decoded space is harmless but a decoded slash is not. */
function pathPart(value: string): string {
  const end = value.search(/[?#]/);
  return end === -1 ? value : value.slice(0, end);
}
