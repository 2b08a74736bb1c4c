// Sign Out (spec §2 Admin layout): ends the session and returns to the home page.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { auth } from "~/modules/auth/auth.server";

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const result = await auth().api.signOut({ headers: request.headers, returnHeaders: true });
    // better-auth's cookie-clearing Set-Cookie headers, passed on to the browser.
    for (const cookie of result.headers.getSetCookie()) headers.append("set-cookie", cookie);
  } catch {
    // No session (already signed out, or expired): nothing to end; the redirect is the same.
  }
  return redirect("/", { headers });
}

/** A GET never signs out (links can be prefetched or forged); it just goes home. */
export function loader() {
  return redirect("/");
}
