// /auth (spec §2, outside the public layout): sign in, create an account, e-mailed sign-in link, forgotten
// password and its /auth?reset=true landing, the two-factor step and the first-run setup.
import { data, Link, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/auth";
import { AuthCard } from "~/components/auth/auth-card";
import { SignInViews, VIEW_TITLES } from "~/components/auth/sign-in-views";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { handleSignInAction, loadSignInPage, signInOutageMessage } from "~/modules/auth/sign-in-page.server";
import { keptThroughOutage, readFormData } from "~/modules/forms/submission.server";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(matches, loaderData ? VIEW_TITLES[loaderData.view.kind] : VIEW_TITLES["sign-in"], {
    path: paths.auth(),
    description: "Sign in to your account.",
  });

export const headers: Route.HeadersFunction = () => ({ "cache-control": "no-store" });

export async function loader({ request }: Route.LoaderArgs) {
  const page = await loadSignInPage(request);
  if ("redirect" in page) throw redirect(page.redirect);
  return page;
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readFormData(request);
  // The database out of reach: 503, "try again in a minute" beside the form, the address kept (never the password).
  return keptThroughOutage(form, signInOutageMessage(form), async () => {
    const result = await handleSignInAction(request, form);
    if ("redirect" in result) throw redirect(result.redirect, { headers: result.cookies });
    // A person's mistake is answered 200 with the message beside the form (a 4xx would read as a failed load
    // to the browser); result.status keeps the real status for the record.
    return data(result, { status: result.status >= 500 ? 500 : 200 });
  });
}

export default function AuthPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <AuthCard>
      <SignInViews page={page} result={result} />
      <p className="text-muted mt-8 text-center text-xs">
        <Link to={paths.home()} className="hover:text-ink underline-offset-4 hover:underline">
          Back to the gallery
        </Link>
      </p>
    </AuthCard>
  );
}
