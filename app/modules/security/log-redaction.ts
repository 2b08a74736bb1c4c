// What the request log may keep of a URL (docs/security.md "Logs"): sign-in links carry tokens (a reset
// link's token is in its path, a magic link's and a verification link's in the query), and a log line is read
// by more people and programs than the server is. Auth paths keep no query at all; elsewhere any parameter
// that names a secret is masked (a viewing room's `room=` and an approved hold's `hold=` too); a secret in a
// path is masked: a reset token, a viewing room's, a commission client's page, a buyer's certificate download
// and a certificate's verify code.
const AUTH_PATHS = /^\/(api\/auth|auth|account|verify-email)(\/|\.|$)/i;
const SECRET_PARAM = /token|code|secret|setup|password|passwd|key|otp|signature|session|callback|^room$|^hold$/i;
const PATH_TOKENS = /(\/reset-password\/|^\/(?:room|commission|certificates|verify)\/)[^/?#]+/gi;
const MASK = "[redacted]";

export function redactUrlForLog(url: string): string {
  const question = url.indexOf("?");
  const rawPath = question === -1 ? url : url.slice(0, question);
  const query = question === -1 ? "" : url.slice(question + 1);
  const path = rawPath.replace(PATH_TOKENS, `$1${MASK}`);
  if (!query) return path;
  if (AUTH_PATHS.test(path)) return `${path}?${MASK}`;
  const kept = query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded: string;
      try {
        decoded = decodeURIComponent(name.replace(/\+/g, " "));
      } catch {
        return MASK;
      }
      return SECRET_PARAM.test(decoded) ? `${name}=${MASK}` : pair;
    })
    .join("&");
  return `${path}?${kept}`;
}
