// The certificates of a work (artwork page) or of an order (order page): download, the public verify page,
// revoke (a confirming dialog asking the reason), and issue. Posts to /admin/certificates with a fetcher, so
// the page stays where it is and its loader refreshes the list.
import { AlertDialog } from "radix-ui";
import { useFetcher } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import { TextAreaField } from "./field";
import { adminButton, adminCard } from "./ui";

export interface CertificateRow {
  id: string;
  number: string;
  title: string;
  issuedOn: string;
  revokedOn: string | null;
  revokedReason: string | null;
  fromOrder: boolean;
  verifyPath: string;
}

const ACTION_KEY = "certificate-action";

type Result = { ok: true; message: string } | { ok: false; error: string; fieldErrors?: { reason?: string } };

export function CertificatesPanel({
  certificates,
  issue,
  showTitles = false,
  note,
}: {
  certificates: CertificateRow[];
  /** The issue button's form, or null when nothing can be issued here (an unpaid order). */
  issue: { label: string; fields: Record<string, string> } | null;
  showTitles?: boolean;
  note?: string;
}) {
  // One fetcher key for issuing and revoking: the panel says the latest outcome, whichever form sent it.
  const issuer = useFetcher<Result>({ key: ACTION_KEY });
  const result = issuer.state === "idle" ? issuer.data : undefined;
  const notice = result ? { ok: result.ok, text: result.ok ? result.message : result.error } : null;
  return (
    <section aria-labelledby="certificates-heading" className={`${adminCard} @container p-4 md:p-6`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="certificates-heading" className="text-lg">
            Certificates of authenticity
          </h2>
          {note ? <p className="text-muted mt-1 text-sm">{note}</p> : null}
        </div>
        {issue ? (
          <issuer.Form method="post" action={adminPaths.certificates()}>
            {Object.entries(issue.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <button type="submit" className={adminButton.secondary} disabled={issuer.state !== "idle"}>
              {issuer.state !== "idle" ? "Issuing…" : issue.label}
            </button>
          </issuer.Form>
        ) : null}
      </div>
      <div aria-live="polite">
        {notice ? (
          <p
            role={notice.ok ? "status" : "alert"}
            className={`mt-3 border-l-2 pl-3 text-sm ${notice.ok ? "border-available text-available" : "border-destructive text-destructive"}`}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {certificates.length === 0 ? (
        <p className="text-muted mt-4 text-sm">No certificate yet.</p>
      ) : (
        <ul className="divide-line border-line mt-4 divide-y border-y text-sm">
          {certificates.map((c) => (
            <li key={c.id} className="py-3 @2xl:flex @2xl:items-center @2xl:justify-between @2xl:gap-4">
              <div className="min-w-0">
                <p>
                  <span className="font-medium tabular-nums">{c.number}</span>
                  {showTitles ? <span className="text-ink-soft"> · {c.title}</span> : null}
                  {c.revokedOn ? (
                    <span className="border-destructive/40 text-destructive ml-2 rounded-full border px-2 py-0.5 text-xs">
                      Revoked
                    </span>
                  ) : (
                    <span className="border-available/40 text-available ml-2 rounded-full border px-2 py-0.5 text-xs">
                      Valid
                    </span>
                  )}
                </p>
                <p className="text-muted mt-0.5 text-xs">
                  Issued {c.issuedOn} · {c.fromOrder ? "sold in an order" : "on demand"}
                  {c.revokedOn ? ` · revoked ${c.revokedOn}: ${c.revokedReason ?? ""}` : ""}
                </p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 @2xl:mt-0 @2xl:shrink-0">
                <a href={adminPaths.certificatePdf(c.id)} className={adminButton.secondary} download>
                  Download certificate<span className="sr-only"> {c.number}</span>
                </a>
                <a href={c.verifyPath} target="_blank" rel="noreferrer" className={adminButton.ghost}>
                  Verify page<span className="sr-only"> of {c.number}</span>
                </a>
                {c.revokedOn ? null : <RevokeDialog certificate={c} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Revoking asks for the reason in a dialog. On success the list reloads with the certificate revoked and this
 * dialog (shown only for valid ones) goes with it; a refusal keeps it open with the message.
 */
function RevokeDialog({ certificate }: { certificate: CertificateRow }) {
  const revoker = useFetcher<Result>({ key: ACTION_KEY });
  const result = revoker.data;
  const reasonError = result && !result.ok ? (result.fieldErrors?.reason ?? result.error) : undefined;
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={adminButton.dangerOutline}>
        Revoke<span className="sr-only"> {certificate.number}</span>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
        <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl">Revoke {certificate.number}?</AlertDialog.Title>
          <AlertDialog.Description className="text-muted mt-2 text-sm">
            Its verify page will say it was revoked, and when. The number is never given again. The reason stays in your
            records; the public page does not show it.
          </AlertDialog.Description>
          <revoker.Form method="post" action={adminPaths.certificates()} className="mt-4 space-y-4" noValidate>
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="certificateId" value={certificate.id} />
            <TextAreaField label="Reason" name="reason" rows={3} error={reasonError} />
            <div className="flex flex-wrap justify-end gap-2">
              <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
              <button type="submit" className={adminButton.danger} disabled={revoker.state !== "idle"}>
                {revoker.state !== "idle" ? "Revoking…" : "Revoke certificate"}
              </button>
            </div>
          </revoker.Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
