// What happened, said where it happened: the outcome of the last action, a form's error, a calm notice.
import type { ReactNode } from "react";
import type { ActionResult } from "~/lib/action-result";

/**
 * What the last action did: a quiet green line when it worked, a red alert when it did not, nothing before.
 * Announced to screen readers as it changes (the region is live). `className` goes on the region. Give it
 * the action's `result` (its message or its error), or the words themselves.
 */
export function ActionNotice({
  result,
  message = result?.ok ? result.message : null,
  error = result && !result.ok ? result.error : null,
  className = "mb-6",
}: {
  result?: ActionResult | null;
  message?: string | null;
  error?: string | null;
  className?: string;
}) {
  return (
    <div aria-live="polite" className={className}>
      {message ? (
        <p role="status" className="border-available text-available border-l-2 pl-4">
          {message}
        </p>
      ) : error ? (
        <p role="alert" className="border-destructive text-destructive border-l-2 pl-4">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A refusal of the whole form (not of one field): shown above it as an alert. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="border-destructive/30 bg-destructive/5 text-destructive rounded-md border px-4 py-3 text-sm"
    >
      {message}
    </p>
  );
}

/** A calm boxed note: something worth knowing before going on ("Check your inbox"). */
export function Notice({
  title,
  tone = "neutral",
  children,
}: {
  title?: ReactNode;
  tone?: "neutral" | "accent";
  children?: ReactNode;
}) {
  const look = tone === "accent" ? "border-accent/30 bg-accent-soft" : "border-line bg-paper-deep";
  return (
    <div role="status" className={`rounded-md border px-4 py-3 text-sm ${look}`}>
      {title ? <p className="text-ink font-medium">{title}</p> : null}
      {children ? <div className={title ? "text-ink-soft mt-1" : "text-ink-soft"}>{children}</div> : null}
    </div>
  );
}
