// /account (signed-in users): name, e-mail and password, second factors (TOTP, phone, backup codes),
// other sessions, and orders. Anonymous visitors are sent to /auth and brought back here.
import { data, Form, Link, redirect, useActionData, useLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/account";
import { AccountSection, ProfileForms } from "~/components/account/profile-forms";
import { TwoFactorSection } from "~/components/account/two-factor-section";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import {
  ACCOUNT_OUTAGE_MESSAGE,
  handleAccountAction,
  loadAccountPage,
  type AccountActionResult,
} from "~/modules/auth/account-page.server";
import { keptThroughOutage, readFormData } from "~/modules/forms/submission.server";
import { PasswordAttemptsExceeded } from "~/modules/auth/accounts.server";
import { tooManyAttempts } from "~/modules/auth/messages";
import { CertificateLinks } from "~/components/site/certificate-links";

export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Your account", { path: paths.account(), description: "Your account." });

export const headers: Route.HeadersFunction = () => ({ "cache-control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  return loadAccountPage(request);
}

export async function action({ request }: Route.ActionArgs) {
  // Read before the session is looked up: with the database out of reach that lookup fails too, and the answer is
  // then 503, "try again in a minute" beside the form that was sent, what was typed kept (never a password).
  const form = await readFormData(request);
  return keptThroughOutage(form, ACCOUNT_OUTAGE_MESSAGE, async () => {
    const result: AccountActionResult = await handleAccountAction(request, form).catch((error: unknown) => {
      // Too many password checks for the account: said above the form, nothing changed.
      if (error instanceof PasswordAttemptsExceeded)
        return { ok: false, status: 429, intent: "", error: tooManyAttempts(error.retryAfterSeconds) };
      throw error;
    });
    if ("redirect" in result) throw redirect(result.redirect, { headers: result.cookies });
    // A person's mistake is answered 200 with the message beside the form (a 4xx would read as a failed load
    // to the browser); result.status keeps the real status for the record.
    return data(result, { status: result.status >= 500 ? 500 : 200 });
  });
}

/** What a step that ended in a redirect (?saved=...) says. */
export const SAVED_NOTICES: Record<string, string> = {
  password: "Your password is changed. Other browsers were signed out.",
  totp: "Two-factor sign-in is on: from now on, signing in asks for a code from your app.",
  phone: "Your phone is added: signing in can now ask for a texted code.",
  "removed-totp": "The authenticator app is removed.",
  "removed-phone": "The phone is removed.",
};

export default function AccountPage() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const saved = SAVED_NOTICES[params.get("saved") ?? ""];
  // Sent here by the admin area: administrators need a second factor first (Settings › Security).
  const required =
    params.get("required") === "two-factor" && page.isAdmin && !page.factors.some((f) => f.status === "verified");
  return (
    <div className="container-page py-12 md:py-20">
      <header className="flex max-w-3xl flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <p className="eyebrow">Account</p>
          <h1 className="mt-3 text-4xl md:text-5xl">{page.displayName}</h1>
          {page.fullName ? <p className="text-muted mt-3">{page.email}</p> : null}
        </div>
        <div className="flex items-center gap-4">
          {page.isAdmin ? (
            <Link to={paths.admin()} className="text-ink-soft text-sm underline underline-offset-4">
              Admin
            </Link>
          ) : null}
          <Form method="post" action={paths.signOut()}>
            <Button variant="secondary">Sign out</Button>
          </Form>
        </div>
      </header>
      <div className="mt-10 max-w-3xl space-y-4">
        {saved ? <Notice title={saved} /> : null}
        {required ? (
          <Notice title="Set up two-factor sign-in to open the admin area">
            Administrators of this shop sign in with a second factor. Add an authenticator app or a phone below, then go
            back to the admin.
          </Notice>
        ) : null}
        <ProfileForms page={page} result={result} />
        <TwoFactorSection page={page} result={result} />
        <AccountSection title="Other browsers" description="Signed in somewhere you no longer use? End those sessions.">
          {result?.ok && result.intent === "sign-out-others" && result.message ? (
            <Notice title={result.message} />
          ) : null}
          <Form method="post" className="mt-4">
            <Button variant="secondary" name="intent" value="sign-out-others">
              End the sessions in other browsers
            </Button>
          </Form>
        </AccountSection>
        <AccountSection title="Orders">
          {page.orders.length === 0 ? (
            <p className="text-muted mt-2 text-sm">No orders yet.</p>
          ) : (
            <ul className="mt-3 space-y-3 text-sm">
              {page.orders.map((order) => (
                <li key={order.id}>
                  <p>{order.label}</p>
                  {order.certificates.length ? (
                    <CertificateLinks certificates={order.certificates} className="mt-1 space-y-1" />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </AccountSection>
      </div>
    </div>
  );
}
