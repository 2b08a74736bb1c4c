// The certificates of a work (artwork page) or of an order (order page): download, the public verify page,
// revoke (a confirming dialog asking the reason), and issue. Posts to /admin/certificates with a fetcher, so
// the page stays where it is and its loader refreshes the list.
import { useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextAreaField } from "~/components/ui/field";
import { ActionNotice } from "~/components/ui/notice";
import { StatusBadge } from "~/components/ui/status-badge";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";

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
  const issuer = useFetcher<ActionResult>({ key: ACTION_KEY });
  const result = issuer.state === "idle" ? issuer.data : undefined;
  return (
    <Panel
      title="Certificates of authenticity"
      description={note}
      className="@container p-4 md:p-6"
      actions={
        issue ? (
          <issuer.Form method="post" action={adminPaths.certificates()}>
            {Object.entries(issue.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <Button type="submit" variant="secondary" size="sm" disabled={issuer.state !== "idle"}>
              {issuer.state !== "idle" ? "Issuing…" : issue.label}
            </Button>
          </issuer.Form>
        ) : null
      }
    >
      <ActionNotice className="mt-3 text-sm empty:mt-0" result={result} />
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
                  <span className="ml-2">
                    {c.revokedOn ? (
                      <StatusBadge tone="danger">Revoked</StatusBadge>
                    ) : (
                      <StatusBadge tone="success">Valid</StatusBadge>
                    )}
                  </span>
                </p>
                <p className="text-muted mt-0.5 text-xs">
                  Issued {c.issuedOn} · {c.fromOrder ? "sold in an order" : "on demand"}
                  {c.revokedOn ? ` · revoked ${c.revokedOn}: ${c.revokedReason ?? ""}` : ""}
                </p>
              </div>
              <div className="mt-2 flex flex-wrap items-center gap-2 @2xl:mt-0 @2xl:shrink-0">
                <a href={adminPaths.certificatePdf(c.id)} className={buttonClass("secondary", "sm")} download>
                  Download certificate<span className="sr-only"> {c.number}</span>
                </a>
                <a href={c.verifyPath} target="_blank" rel="noreferrer" className={buttonClass("ghost", "sm")}>
                  Verify page<span className="sr-only"> of {c.number}</span>
                </a>
                {c.revokedOn ? null : <RevokeDialog certificate={c} />}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/**
 * Revoking asks for the reason in a dialog. On success the list reloads with the certificate revoked and this
 * dialog (shown only for valid ones) goes with it; a refusal keeps it open with the message.
 */
function RevokeDialog({ certificate }: { certificate: CertificateRow }) {
  const revoker = useFetcher<ActionResult>({ key: ACTION_KEY });
  const { fieldErrors, error } = formState(revoker.data);
  const busy = revoker.state !== "idle";
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="dangerOutline" size="sm">
          Revoke<span className="sr-only"> {certificate.number}</span>
        </Button>
      }
      title={`Revoke ${certificate.number}?`}
      description="Its verify page will say it was revoked, and when. The number is never given again. The reason stays in your records; the public page does not show it."
      confirmLabel={busy ? "Revoking…" : "Revoke certificate"}
      form={(buttons) => (
        <revoker.Form method="post" action={adminPaths.certificates()} className="mt-4" noValidate>
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="certificateId" value={certificate.id} />
          {buttons}
        </revoker.Form>
      )}
    >
      <TextAreaField label="Reason" name="reason" rows={3} error={fieldErrors.reason ?? error} />
    </ConfirmDialog>
  );
}
