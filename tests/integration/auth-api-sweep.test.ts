// Authorization sweep of better-auth's HTTP API (/api/auth/*): every endpoint it serves is requested
// without a session, with a body good enough to pass validation, and every one that is not on the
// public list below must refuse (401/403). The list of endpoints comes from the auth instance itself, so
// an endpoint added by a new plugin or version is swept without editing this file; a new public one
// fails here until it is listed with its reason.
import { describe, expect, it } from "vitest";
import { ACCOUNT_CHANGE_PATHS, auth } from "~/modules/auth/auth.server";
import { BACKENDS, useTestServices } from "../support/harness";

const ORIGIN = "http://localhost:3000";

/** Endpoints anonymous visitors may call, and why each is safe without a session. */
const PUBLIC: Record<string, string> = {
  "/sign-in/email": "signing in",
  "/sign-in/social": "starts an OAuth redirect",
  "/sign-in/magic-link": "mails a link to the address given",
  "/magic-link/verify": "redeems a mailed, single-use token",
  "/sign-up/email": "creates an unconfirmed account",
  "/request-password-reset": "mails a link to the address given",
  "/reset-password": "needs a mailed, single-use token",
  "/reset-password/:token": "checks a mailed token and redirects",
  "/verify-email": "redeems a mailed token",
  "/send-verification-email": "mails a link to the address given",
  "/callback/:id": "OAuth callback, bound to the signed state cookie",
  "/sign-out": "ends the caller's own session (none here)",
  "/get-session": "reads the caller's own session (none here)",
  "/two-factor/verify-totp": "needs the signed two-factor cookie of a password sign-in",
  "/two-factor/verify-backup-code": "needs the signed two-factor cookie of a password sign-in",
  "/two-factor/verify-otp": "needs the signed two-factor cookie of a password sign-in",
  "/two-factor/send-otp": "needs the signed two-factor cookie of a password sign-in",
  "/delete-user/callback": "needs a mailed, single-use token",
  "/jwks": "public signing keys",
  "/ok": "health",
  "/error": "error page redirect",
};

/** Plausible values for the fields validation asks for. */
const FIELD_VALUES: Record<string, unknown> = {
  email: "sweep@example.com",
  newEmail: "sweep-new@example.com",
  password: "a sweeping passphrase",
  newPassword: "another sweeping passphrase",
  currentPassword: "a sweeping passphrase",
  name: "Sweep",
  token: "not-a-token",
  code: "000000",
  accountId: "not-an-account",
  providerId: "credential",
  provider: "github",
  userId: "not-a-user",
  callbackURL: "/",
  idToken: { token: "not-a-token" },
};

type Endpoint = { path?: string; options?: { method?: string | string[] } };

async function request(path: string, method: string, body: Record<string, unknown>) {
  const query = method === "GET" ? `?${new URLSearchParams(body as Record<string, string>).toString()}` : "";
  const url = `${ORIGIN}/api/auth${path.replace(/:(\w+)/g, "x")}${query}`;
  const response = await auth().handler(
    new Request(url, {
      method,
      redirect: "manual",
      headers: { origin: ORIGIN, "content-type": "application/json", "x-atelier-client-ip": "10.77.0.1" },
      body: method === "GET" ? undefined : JSON.stringify(body),
    }),
  );
  return { status: response.status, text: await response.text() };
}

/** Requests the endpoint anonymously, filling in whatever fields validation names, up to a few rounds. */
async function anonymously(path: string, method: string) {
  const body: Record<string, unknown> = {};
  let answer = await request(path, method, body);
  for (let round = 0; round < 6 && answer.status === 400 && answer.text.includes("VALIDATION_ERROR"); round++) {
    const missing = [...answer.text.matchAll(/\[(?:body|query)\.(\w+)\]/g)].map((m) => m[1]!);
    const fillable = missing.filter((f) => f in FIELD_VALUES && !(f in body));
    if (fillable.length === 0) break;
    for (const field of fillable) body[field] = FIELD_VALUES[field];
    answer = await request(path, method, body);
  }
  return answer;
}

describe.each(BACKENDS)("the /api/auth sweep on %s", (backend) => {
  useTestServices(backend, { PUBLIC_URL: ORIGIN, AUTH_RATE_LIMIT_MULTIPLIER: "100" });

  it("refuses every state-changing or private endpoint to a caller without a session", async () => {
    const endpoints = Object.values(auth().api as unknown as Record<string, Endpoint>).filter((e) => e.path);
    const swept: string[] = [];
    const failures: string[] = [];
    for (const endpoint of endpoints) {
      const path = endpoint.path!;
      if (path in PUBLIC) continue;
      const methods = [endpoint.options?.method ?? "GET"].flat();
      const method = methods.includes("POST") ? "POST" : methods[0]!;
      const { status, text } = await anonymously(path, method);
      swept.push(`${method} ${path} ${status}`);
      // 401/403: refused; 400 only when validation itself stops the request (nothing ran); 404/405: not served.
      const refused =
        status === 401 ||
        status === 403 ||
        status === 404 ||
        status === 405 ||
        (status === 400 && text.includes("VALIDATION_ERROR"));
      if (!refused) failures.push(`${method} ${path} answered ${status}: ${text.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
    // The sweep really reached the session guard of the endpoints that matter most.
    for (const path of ["/revoke-sessions", "/revoke-other-sessions", "/list-sessions", "/token"])
      expect(swept.find((line) => line.split(" ")[1] === path)?.split(" ")[2]).toBe("401");
    // Account changes are made by the account page only: not served over HTTP at all (security item 9).
    for (const path of ACCOUNT_CHANGE_PATHS)
      expect(swept.find((line) => line.split(" ")[1] === path)?.split(" ")[2]).toBe("404");
  });

  it("lists no public endpoint that better-auth no longer serves", () => {
    const served = new Set(Object.values(auth().api as unknown as Record<string, Endpoint>).map((e) => e.path));
    expect(Object.keys(PUBLIC).filter((path) => !served.has(path))).toEqual([]);
  });
});
