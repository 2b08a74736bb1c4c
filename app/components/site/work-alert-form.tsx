// "Notify me" (docs/shop.md): one address field. Posts to /alerts, never to the cached page it sits on; without
// JavaScript that route shows the answer. The confirmation mail does the rest (double opt-in).
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { paths } from "~/lib/paths";
import { buttonClass } from "~/components/ui/button";

export function WorkAlertForm({
  artworkId,
  title,
  lead,
  className = "",
}: {
  /** A work's id: tell me when it becomes available; none: tell me about new works. */
  artworkId?: string;
  title: string;
  lead: string;
  className?: string;
}) {
  const fetcher = useFetcher<ActionResult<{ message: string }>>();
  const result = fetcher.data;
  const id = artworkId ? `alert-email-${artworkId}` : "alert-email-new-works";
  return (
    <section aria-labelledby={`${id}-title`} className={className}>
      <h2 id={`${id}-title`} className="font-serif text-xl">
        {title}
      </h2>
      <p className="text-muted mt-2 text-sm leading-relaxed">{lead}</p>
      {result?.ok ? (
        <p role="status" className="text-available mt-4 text-sm">
          {result.message}
        </p>
      ) : (
        <fetcher.Form method="post" action={paths.workAlerts()} className="mt-4 flex flex-col gap-2" noValidate>
          {artworkId ? <input type="hidden" name="artworkId" value={artworkId} /> : null}
          <label htmlFor={id} className="text-sm">
            Email address
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={id}
              name="email"
              type="email"
              required
              autoComplete="email"
              placeholder="you@example.com"
              aria-invalid={result && !result.ok ? true : undefined}
              aria-describedby={`${id}-status`}
              className="border-line bg-paper focus:border-ink min-w-0 flex-1 rounded-full border px-4 py-2.5 text-sm outline-none"
            />
            <button type="submit" className={buttonClass("secondary")} disabled={fetcher.state !== "idle"}>
              Notify me
            </button>
          </div>
          <p id={`${id}-status`} role="status" className="text-destructive min-h-5 text-sm">
            {result && !result.ok ? result.error : ""}
          </p>
        </fetcher.Form>
      )}
    </section>
  );
}
