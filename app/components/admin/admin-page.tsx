import type { ReactNode } from "react";

/** The top of an admin page: its heading (the page's one <h1>), a line about it, and its main actions. */
export function AdminPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-2xl md:text-3xl">{title}</h1>
        {description ? <p className="text-muted mt-1.5 max-w-2xl text-sm">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}

/** A calm empty state for a list with nothing in it yet. */
export function EmptyState({ children }: { children: ReactNode }) {
  return (
    <div className="border-line text-muted rounded-lg border border-dashed bg-white/60 px-6 py-12 text-center text-sm">
      {children}
    </div>
  );
}

/**
 * What the last action did: a quiet green line when it worked, a red alert when it did not, nothing before.
 * Announced to screen readers as it changes (the region is live). `className` goes on the region (spacing,
 * print:hidden).
 */
export function ActionNotice({
  message,
  error,
  className = "mb-6",
}: {
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
