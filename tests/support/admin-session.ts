// Signed-in sessions for calling admin routes in integration tests: a plain user, or one given the admin role.
import { userRoles } from "~/db/schema";
import { auth } from "~/modules/auth/auth.server";
import { getAuthContext } from "~/modules/auth/session.server";
import { services } from "~/services.server";

const ORIGIN = "http://localhost:3000";

/** The Cookie header a browser sends back after these Set-Cookie headers (a cookie they remove left out). */
export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => !c.endsWith("="))
    .join("; ");

/** Signs a new account up and returns its session cookie. */
export async function userCookie(email = `user-${crypto.randomUUID()}@example.com`): Promise<string> {
  const { headers } = await auth().api.signUpEmail({
    body: { email, password: "a long enough passphrase", name: "" },
    headers: new Headers({ origin: ORIGIN, "x-atelier-client-ip": "10.0.0.1" }),
    returnHeaders: true,
  });
  return cookieOf(headers);
}

/** A new account with the admin role; its session cookie. */
export async function adminCookie(email = `admin-${crypto.randomUUID()}@example.com`): Promise<string> {
  const cookie = await userCookie(email);
  const context = await getAuthContext(new Request(`${ORIGIN}/`, { headers: { cookie } }));
  await services().db.insert(userRoles).values({ userId: context!.user.id, role: "admin" });
  return cookie;
}
