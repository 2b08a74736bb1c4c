// The account page's name, e-mail and password sections.
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { formState, type ActionFailure } from "~/lib/action-result";
import type { AccountAnswer, AccountPage, AccountSteps } from "~/modules/auth/account-page.server";
import { TextField } from "~/components/ui/field";
import { FormError, Notice } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";

/** The action's answer: the page's own, or a form refused while the database was out of reach (no status). */
export type AccountResult = AccountAnswer | (ActionFailure & AccountSteps) | undefined;

export function AccountSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <section className="border-line rounded-2xl border bg-white p-6 md:p-8">
      <h2 className="text-2xl">{title}</h2>
      {description ? <p className="text-muted mt-1 text-sm">{description}</p> : null}
      {children}
    </section>
  );
}

/**
 * The current password that confirms a change to the account (e-mail, phone, factors). An account without
 * one confirms by a recent sign-in instead, checked on the server.
 */
export function CurrentPasswordField({ page, error }: { page: AccountPage; error?: string }) {
  return page.hasPassword ? (
    <TextField
      label="Your password"
      name="password"
      type="password"
      autoComplete="current-password"
      required
      error={error}
    />
  ) : (
    <input type="hidden" name="password" value="-" />
  );
}

/** A section form's main button: as wide as the page on a phone, of a fixed width from md up. */
export function SectionButton({
  width,
  ...button
}: { width: "md:w-48" | "md:w-64" | "md:w-72" } & Omit<ComponentProps<typeof SubmitButton>, "className">) {
  return (
    <div className={width}>
      <SubmitButton {...button} className="w-full" />
    </div>
  );
}

/**
 * What an intent's submission said, for the section that sent it: the answer itself, the message of a success,
 * and a failure's error, field errors and typed values (`formState`).
 */
export function resultFor(result: AccountResult, ...intents: string[]) {
  const answer = result?.intent !== undefined && intents.includes(result.intent) ? result : undefined;
  return { answer, message: answer?.ok ? answer.message : undefined, ...formState(answer) };
}

/**
 * What a section's last submission said: a success as a notice (in a box of its own when given `className`),
 * a refusal of the whole form as an alert.
 */
export function SectionOutcome({
  outcome,
  className,
}: {
  outcome: Pick<ReturnType<typeof resultFor>, "message" | "error">;
  className?: string;
}) {
  const notice = outcome.message ? <Notice title={outcome.message} /> : null;
  return (
    <>
      {notice && className ? <div className={className}>{notice}</div> : notice}
      <FormError message={outcome.error} />
    </>
  );
}

export function ProfileForms({ page, result }: { page: AccountPage; result: AccountResult }) {
  const name = resultFor(result, "name");
  const email = resultFor(result, "email", "resend-confirmation");
  const password = resultFor(result, "password");
  return (
    <>
      <AccountSection title="Name" description="How we address you, in the site's header and in messages.">
        <Form method="post" className="mt-5 space-y-4" noValidate>
          <SectionOutcome outcome={name} />
          <TextField label="Full name" {...name.field("fullName", page.fullName)} autoComplete="name" />
          <SectionButton width="md:w-48" intent="name" busyLabel="Saving…">
            Save name
          </SectionButton>
        </Form>
      </AccountSection>

      <AccountSection title="Email address">
        <p className="mt-3 text-sm">
          {page.email}{" "}
          <span className={page.emailVerified ? "text-available" : "text-accent"}>
            {page.emailVerified ? "(confirmed)" : "(not confirmed yet)"}
          </span>
        </p>
        <SectionOutcome outcome={email} className="mt-4" />
        {!page.emailVerified ? (
          <Form method="post" className="mt-4">
            <SectionButton width="md:w-72" intent="resend-confirmation" variant="secondary" busyLabel="Sending…">
              Send a new confirmation link
            </SectionButton>
          </Form>
        ) : null}
        <Form method="post" className="mt-5 space-y-4" noValidate>
          <TextField
            label="New email address"
            {...email.field("newEmail")}
            type="email"
            autoComplete="email"
            required
            hint="We will send a link to the new address; it takes effect when you open it."
          />
          <CurrentPasswordField page={page} error={email.fieldErrors.password} />
          <SectionButton width="md:w-48" intent="email" busyLabel="Sending…">
            Change address
          </SectionButton>
        </Form>
      </AccountSection>

      <AccountSection title="Password">
        {page.hasPassword ? (
          <Form method="post" className="mt-5 space-y-4" noValidate>
            <FormError message={password.error} />
            <TextField
              label="Current password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
              error={password.fieldErrors.currentPassword}
            />
            <TextField
              label="New password"
              name="newPassword"
              type="password"
              autoComplete="new-password"
              required
              minLength={10}
              hint="At least 10 characters. Changing it signs out your other browsers."
              error={password.fieldErrors.newPassword}
            />
            <SectionButton width="md:w-48" intent="password" busyLabel="Saving…">
              Change password
            </SectionButton>
          </Form>
        ) : (
          <p className="text-ink-soft mt-3 text-sm">
            You sign in with e-mailed links or a provider, so your account has no password. To add one, use
            &lsquo;Forgot your password?&rsquo; on the sign-in page.
          </p>
        )}
      </AccountSection>
    </>
  );
}
