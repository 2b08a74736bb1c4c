// The steps of /auth, one at a time: sign in, create an account, e-mailed link, forgotten password, new
// password, the two-factor code, and first-run setup. Tabs and alternatives are plain links (no JS needed).
import { Form, Link } from "react-router";
import { formState, type ActionFailure } from "~/lib/action-result";
import type { SignInAnswer, SignInPage } from "~/modules/auth/sign-in-page.server";
import { Button } from "~/components/ui/button";
import { CheckboxField, TextField } from "~/components/ui/field";
import { FormError, Notice } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";

/** The action's answer: the page's own, or a form refused while the database was out of reach (no status). */
type Result = SignInAnswer | ActionFailure | undefined;

const MIN_PASSWORD = 10;

function href(mode: string | null, redirectTo: string, extra: Record<string, string> = {}) {
  const params = new URLSearchParams(extra);
  if (mode) params.set("mode", mode);
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  const query = params.toString();
  return `/auth${query ? `?${query}` : ""}`;
}

/** Each view's heading, also the page's title: /auth?reset=true is "Choose a new password" in the tab too. */
export const VIEW_TITLES: Record<SignInPage["view"]["kind"], string> = {
  "sign-in": "Sign in",
  "sign-up": "Create an account",
  "magic-link": "Sign in with an e-mailed link",
  forgot: "Choose a new password",
  reset: "Set a new password",
  setup: "Set up the administrator account",
  "two-factor": "Two-factor check",
};

export function SignInViews({ page, result }: { page: SignInPage; result: Result }) {
  const { view, redirectTo } = page;
  const { fieldErrors: errors, values, error } = formState(result);
  const formError = error ?? page.error;

  if (result?.ok && result.sent) return <Sent sent={result.sent} redirectTo={redirectTo} />;

  switch (view.kind) {
    case "sign-in":
    case "sign-up":
      return (
        <div>
          <nav aria-label="Sign in or create an account" className="border-line mb-7 grid grid-cols-2 border-b text-sm">
            {(["sign-in", "sign-up"] as const).map((mode) => (
              <Link
                key={mode}
                to={href(mode === "sign-in" ? null : mode, redirectTo)}
                aria-current={view.kind === mode ? "page" : undefined}
                className={`-mb-px border-b-2 pb-3 text-center transition-colors ${view.kind === mode ? "border-ink text-ink" : "text-muted hover:text-ink border-transparent"}`}
              >
                {mode === "sign-in" ? "Sign in" : "Create account"}
              </Link>
            ))}
          </nav>
          {view.kind === "sign-in" ? (
            <Form method="post" className="space-y-5" noValidate>
              <h1 className="sr-only">{VIEW_TITLES["sign-in"]}</h1>
              {page.notice ? <Notice title={page.notice} /> : null}
              <FormError message={formError} />
              <EmailField value={values.email} error={errors.email} />
              <PasswordField current error={errors.password} />
              <div className="flex items-center justify-between gap-4">
                <CheckboxField label="Keep me signed in" name="remember" defaultChecked />
                <Link to={href("forgot", redirectTo)} className="text-ink-soft text-sm underline underline-offset-4">
                  Forgot your password?
                </Link>
              </div>
              <SubmitButton intent="sign-in" busyLabel="Signing in…" className="w-full">
                Sign in
              </SubmitButton>
              <p className="text-center text-sm">
                <Link to={href("magic-link", redirectTo)} className="text-ink-soft underline underline-offset-4">
                  E-mail me a sign-in link instead
                </Link>
              </p>
            </Form>
          ) : (
            <Form method="post" className="space-y-5" noValidate>
              <h1 className="sr-only">{VIEW_TITLES["sign-up"]}</h1>
              <FormError message={formError} />
              <NewAccountFields
                values={values}
                errors={errors}
                passwordHint={`At least ${MIN_PASSWORD} characters. A few unrelated words are easy to remember and hard to guess.`}
              />
              <SubmitButton intent="sign-up" busyLabel="Creating your account…" className="w-full">
                Create account
              </SubmitButton>
              {page.confirmsEmail ? (
                <p className="text-muted text-xs">We will e-mail you a link to confirm your address.</p>
              ) : null}
            </Form>
          )}
          <Providers page={page} />
          {page.setupOffered ? (
            <p className="text-muted mt-6 text-center text-xs">
              First start?{" "}
              <Link to="/auth?setup" className="underline underline-offset-4">
                Set up the administrator account
              </Link>{" "}
              with the token from the server log.
            </p>
          ) : null}
        </div>
      );
    case "magic-link":
    case "forgot":
      return (
        <Form method="post" className="space-y-5" noValidate>
          <h1 className="text-2xl">{VIEW_TITLES[view.kind]}</h1>
          <p className="text-ink-soft text-sm">
            {view.kind === "forgot"
              ? "Enter your e-mail address and we will send you a link to choose a new password."
              : "Enter your e-mail address and we will send you a link that signs you in. No password needed."}
          </p>
          <FormError message={formError} />
          <EmailField value={values.email} error={errors.email} />
          <SubmitButton intent={view.kind} busyLabel="Sending…" className="w-full">
            {view.kind === "forgot" ? "Send reset link" : "E-mail me a link"}
          </SubmitButton>
          <BackToSignIn redirectTo={redirectTo} />
        </Form>
      );
    case "reset":
      return (
        <Form method="post" className="space-y-5" noValidate>
          <h1 className="text-2xl">{VIEW_TITLES.reset}</h1>
          <FormError message={formError} />
          <input type="hidden" name="token" value={view.token} />
          <PasswordField
            label="New password"
            hint={`At least ${MIN_PASSWORD} characters.`}
            error={errors.password ?? errors.token}
          />
          <SubmitButton intent="reset" busyLabel="Saving…" className="w-full">
            Save new password
          </SubmitButton>
        </Form>
      );
    case "two-factor":
      return <TwoFactorStep page={page} view={view} result={result} />;
    case "setup":
      return (
        <Form method="post" className="space-y-5" noValidate>
          <h1 className="text-2xl">{VIEW_TITLES.setup}</h1>
          {view.valid ? (
            <p className="text-ink-soft text-sm">
              This first account manages the site. The setup token was printed in the server log when it started.
            </p>
          ) : null}
          <FormError
            message={
              formError ??
              (view.valid
                ? undefined
                : view.token
                  ? "This setup link is no longer valid: an administrator exists, or the token expired."
                  : "An administrator already exists. Sign in instead.")
            }
          />
          {view.valid || formError ? (
            <>
              {view.token ? (
                <input type="hidden" name="token" value={view.token} />
              ) : (
                <TextField label="Setup token" name="token" autoComplete="off" required error={errors.token} />
              )}
              <NewAccountFields values={values} errors={errors} />
              <SubmitButton intent="setup" busyLabel="Creating…" className="w-full">
                Create administrator account
              </SubmitButton>
            </>
          ) : null}
        </Form>
      );
  }
}

/** The e-mail address field of every step that asks for one. */
function EmailField({ value, error }: { value?: string; error?: string }) {
  return (
    <TextField
      label="Email"
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={value}
      error={error}
    />
  );
}

/** The password field: the current password (signing in), or a new one of at least MIN_PASSWORD characters. */
function PasswordField({
  label = "Password",
  current = false,
  hint,
  error,
}: {
  label?: string;
  current?: boolean;
  hint?: string;
  error?: string;
}) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete={current ? "current-password" : "new-password"}
      required
      minLength={current ? undefined : MIN_PASSWORD}
      hint={hint}
      error={error}
    />
  );
}

/** The fields of a new account, the same for a visitor's own (sign-up) and the first administrator's (setup). */
function NewAccountFields({
  values,
  errors,
  passwordHint,
}: {
  values: Partial<Record<string, string>>;
  errors: Partial<Record<string, string>>;
  passwordHint?: string;
}) {
  return (
    <>
      <TextField
        label="Full name"
        optional
        name="fullName"
        autoComplete="name"
        defaultValue={values.fullName}
        error={errors.fullName}
      />
      <EmailField value={values.email} error={errors.email} />
      <PasswordField hint={passwordHint} error={errors.password} />
    </>
  );
}

function Providers({ page }: { page: SignInPage }) {
  if (page.providers.length === 0) return null;
  return (
    <div className="mt-7">
      <p className="text-muted flex items-center gap-3 text-xs tracking-[0.16em] uppercase before:h-px before:flex-1 before:bg-current/20 after:h-px after:flex-1 after:bg-current/20">
        or
      </p>
      <Form method="post" className="mt-5 space-y-3">
        <input type="hidden" name="intent" value="social" />
        {page.providers.map((provider) => (
          <Button key={provider.id} name="provider" value={provider.id} variant="secondary" className="w-full">
            Continue with {provider.name}
          </Button>
        ))}
      </Form>
    </div>
  );
}

function TwoFactorStep({
  page,
  view,
  result,
}: {
  page: SignInPage;
  view: Extract<SignInPage["view"], { kind: "two-factor" }>;
  result: Result;
}) {
  const use = view.use;
  const { fieldErrors, error } = formState(result);
  const codeSent = result?.ok && result.codeSent;
  const label = {
    totp: "Code from your authenticator app",
    backup: "Backup code",
    phone: "Code from the text message",
  }[use];
  const switchTo = (to: string) =>
    `/auth?step=two-factor&methods=${[view.methods.totp ? "totp" : "", view.methods.phone ? "phone" : ""].filter(Boolean).join(",")}&use=${to}${page.redirectTo !== "/" ? `&redirectTo=${encodeURIComponent(page.redirectTo)}` : ""}`;
  return (
    <div className="space-y-5">
      <h1 className="text-2xl">{VIEW_TITLES["two-factor"]}</h1>
      <p className="text-ink-soft text-sm">
        {use === "backup"
          ? "Enter one of the backup codes you saved when you set up two-factor sign-in. Each works once."
          : use === "phone"
            ? "We can text a code to the phone you added. Enter it below."
            : "Open your authenticator app and enter the 6-digit code it shows for this site."}
      </p>
      <FormError message={error ?? page.error} />
      {use === "phone" ? (
        <Form method="post">
          {codeSent ? <Notice title="We have sent you a code. It works for 3 minutes." /> : null}
          <div className="mt-3">
            <SubmitButton intent="send-code" variant="secondary" busyLabel="Sending…" className="w-full">
              {codeSent ? "Send another code" : "Text me a code"}
            </SubmitButton>
          </div>
        </Form>
      ) : null}
      <Form method="post" className="space-y-5" noValidate>
        <input type="hidden" name="method" value={use} />
        <TextField
          label={label}
          name="code"
          inputMode={use === "backup" ? "text" : "numeric"}
          autoComplete="one-time-code"
          required
          autoFocus
          error={fieldErrors.code}
        />
        <CheckboxField label="Trust this browser for 30 days" name="trustDevice" />
        <SubmitButton intent="two-factor" busyLabel="Checking…" className="w-full">
          Continue
        </SubmitButton>
      </Form>
      <ul className="text-ink-soft space-y-1 text-center text-sm">
        {use !== "totp" && view.methods.totp ? (
          <li>
            <Link to={switchTo("totp")} className="underline underline-offset-4">
              Use my authenticator app
            </Link>
          </li>
        ) : null}
        {use !== "phone" && view.methods.phone ? (
          <li>
            <Link to={switchTo("phone")} className="underline underline-offset-4">
              Text a code to my phone
            </Link>
          </li>
        ) : null}
        {use !== "backup" ? (
          <li>
            <Link to={switchTo("backup")} className="underline underline-offset-4">
              Use a backup code
            </Link>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

function Sent({
  sent,
  redirectTo,
}: {
  sent: NonNullable<Extract<SignInAnswer, { ok: true }>["sent"]>;
  redirectTo: string;
}) {
  const text = {
    "magic-link": `We have sent a sign-in link to ${sent.email}. It works once, for 15 minutes.`,
    reset: `If an account uses ${sent.email}, we have sent it a link to choose a new password. It works for 60 minutes.`,
    confirm: `We have sent a link to ${sent.email}. Open it to confirm your address and finish signing up.`,
  }[sent.what];
  return (
    <div className="space-y-5">
      <h1 className="text-2xl">Check your inbox</h1>
      <Notice title="Message sent">{text}</Notice>
      <p className="text-muted text-sm">Nothing after a few minutes? Look in your spam folder, or try again.</p>
      <BackToSignIn redirectTo={redirectTo} />
    </div>
  );
}

/** The way back from an e-mailed-link step to the sign-in form (keeping where to go after). */
function BackToSignIn({ redirectTo }: { redirectTo: string }) {
  return (
    <p className="text-center text-sm">
      <Link to={href(null, redirectTo)} className="text-ink-soft underline underline-offset-4">
        Back to sign in
      </Link>
    </p>
  );
}
