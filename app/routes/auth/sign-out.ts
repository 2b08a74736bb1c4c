// POST /auth/sign-out: ends the session and goes home (spec §7 "sign out"). A GET signs nobody out.
import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { paths } from "~/lib/paths";
import { signOut } from "~/modules/auth/flows.server";

export async function action({ request }: Route.ActionArgs) {
  const result = await signOut(request);
  throw redirect(paths.home(), { headers: result.cookies });
}

export function loader() {
  throw redirect(paths.home());
}
