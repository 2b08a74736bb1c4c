// The account page's two-factor section: the factors (spec §3 "Auth factor") with a way to remove each,
// enrolling an authenticator app (QR code image, the secret as text, a code to confirm), a phone for
// texted codes, and new backup codes.
import { Form } from "react-router";
import type { AccountPage } from "~/modules/auth/account-page.server";
import { TextField } from "~/components/ui/field";
import { FormError } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";
import {
  AccountSection,
  CurrentPasswordField,
  resultFor,
  SectionButton,
  SectionOutcome,
  type AccountResult,
} from "./profile-forms";

export function TwoFactorSection({ page, result }: { page: AccountPage; result: AccountResult }) {
  const start = resultFor(result, "totp-start", "totp-verify");
  const enrolling = start.answer?.enrolment;
  const phone = resultFor(result, "phone-start", "phone-verify");
  const removal = resultFor(result, "factor-remove");
  const backup = resultFor(result, "backup-codes");
  const verified = page.factors.filter((f) => f.status === "verified");
  const hasApp = verified.some((f) => f.factorType === "totp");
  const hasPhone = verified.some((f) => f.factorType === "phone");
  const passwordField = (error?: string) => <CurrentPasswordField page={page} error={error} />;

  return (
    <AccountSection
      title="Two-factor sign-in"
      description="A second step after your password: a code from an authenticator app or a text message."
    >
      <h3 className="text-ink-soft mt-6 text-sm font-medium">Your factors</h3>
      {verified.length === 0 ? (
        <p className="text-muted mt-2 text-sm">None yet: signing in needs only your password or an e-mailed link.</p>
      ) : (
        <ul className="divide-line mt-2 divide-y">
          {verified.map((factor) => (
            <li key={factor.id} className="flex flex-col gap-3 py-4 md:flex-row md:items-start md:justify-between">
              <div>
                <p className="font-medium">{factor.friendlyName}</p>
                <p className="text-muted text-sm">
                  {factor.factorType === "totp" ? "Authenticator app" : `Text messages to ${factor.phone ?? ""}`} ·
                  verified
                </p>
              </div>
              <Form method="post" className="flex flex-col gap-2 md:w-64" noValidate>
                <input type="hidden" name="factorType" value={factor.factorType} />
                {passwordField(
                  removal.values.factorType === factor.factorType ? removal.fieldErrors.password : undefined,
                )}
                <SubmitButton intent="factor-remove" variant="dangerOutline" busyLabel="Removing…" className="w-full">
                  Remove {factor.friendlyName}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}

      {enrolling ? (
        <div className="border-line mt-6 rounded-xl border p-5">
          <h3 className="text-lg">Scan this code with your authenticator app</h3>
          <div className="mt-4 flex flex-col gap-5 md:flex-row">
            <img
              src={enrolling.qrDataUrl}
              width={220}
              height={220}
              alt="QR code to add this site to an authenticator app"
              className="border-line rounded-lg border"
            />
            <div className="min-w-0 space-y-3 text-sm">
              <p className="text-ink-soft">Can&rsquo;t scan it? Enter this key in the app instead:</p>
              <p className="bg-paper-deep rounded-lg px-3 py-2 font-mono text-sm break-all" data-testid="totp-secret">
                {enrolling.secret}
              </p>
              {enrolling.backupCodes.length > 0 ? (
                <BackupCodes
                  codes={enrolling.backupCodes}
                  intro="Save these backup codes somewhere safe. Each works once if you lose your phone."
                />
              ) : null}
            </div>
          </div>
          <Form method="post" className="mt-5 space-y-4 md:w-72" noValidate>
            <input type="hidden" name="totpURI" value={enrolling.totpURI} />
            <CodeField label="Code from the app" error={start.fieldErrors.code} />
            <SubmitButton intent="totp-verify" busyLabel="Checking…" className="w-full">
              Turn on two-factor sign-in
            </SubmitButton>
          </Form>
        </div>
      ) : !hasApp ? (
        <Form method="post" className="mt-6 space-y-4" noValidate>
          <h3 className="text-ink-soft text-sm font-medium">Add an authenticator app</h3>
          <FormError message={start.error} />
          <TextField label="Name for this app" {...start.field("friendlyName")} placeholder="Phone" />
          {passwordField(start.fieldErrors.password)}
          <SectionButton width="md:w-64" intent="totp-start" busyLabel="Preparing…">
            Set up an authenticator app
          </SectionButton>
        </Form>
      ) : null}

      {!hasPhone ? (
        <div className="mt-6">
          <h3 className="text-ink-soft text-sm font-medium">Add a phone for texted codes</h3>
          <SectionOutcome outcome={phone} className="mt-3" />
          {phone.answer?.phonePending ? (
            <Form method="post" className="mt-3 space-y-4 md:w-72" noValidate>
              <CodeField label="Code from the text message" error={phone.fieldErrors.code} />
              <SubmitButton intent="phone-verify" busyLabel="Checking…" className="w-full">
                Confirm phone
              </SubmitButton>
            </Form>
          ) : (
            <Form method="post" className="mt-3 space-y-4" noValidate>
              <TextField label="Name for this phone" {...phone.field("friendlyName")} placeholder="My phone" />
              <TextField
                label="Phone number"
                {...phone.field("phone")}
                type="tel"
                autoComplete="tel"
                placeholder="+15551234567"
              />
              {passwordField(phone.fieldErrors.password)}
              <SectionButton width="md:w-64" intent="phone-start" variant="secondary" busyLabel="Sending…">
                Text me a code
              </SectionButton>
            </Form>
          )}
        </div>
      ) : null}

      {hasApp ? (
        <div className="mt-6">
          <h3 className="text-ink-soft text-sm font-medium">Backup codes</h3>
          {backup.answer?.backupCodes ? (
            <div className="mt-3">
              <BackupCodes codes={backup.answer.backupCodes} intro={backup.message ?? ""} />
            </div>
          ) : (
            <Form method="post" className="mt-3 space-y-4" noValidate>
              <p className="text-muted text-sm">Lost them? Make new ones; the old codes stop working.</p>
              <FormError message={backup.error} />
              {passwordField(backup.fieldErrors.password)}
              <SectionButton width="md:w-64" intent="backup-codes" variant="secondary" busyLabel="Making codes…">
                Make new backup codes
              </SectionButton>
            </Form>
          )}
        </div>
      ) : null}
    </AccountSection>
  );
}

/** The one-time code that confirms a new factor (from the app, or texted). */
function CodeField({ label, error }: { label: string; error?: string }) {
  return (
    <TextField label={label} name="code" inputMode="numeric" autoComplete="one-time-code" required error={error} />
  );
}

function BackupCodes({ codes, intro }: { codes: string[]; intro: string }) {
  return (
    <div>
      {intro ? <p className="text-ink-soft text-sm">{intro}</p> : null}
      <ul className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm" aria-label="Backup codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
