// "Notify me" (docs/shop.md): one address field. Posts to /alerts, never to the cached page it sits on; without
// JavaScript that route shows the answer. The confirmation mail does the rest (double opt-in).
import { useFetcher } from "react-router";
import type { ActionResult } from "~/lib/action-result";
import { paths } from "~/lib/paths";
import { buttonClass } from "~/components/ui/button";
import { EmailSignupFields } from "./email-signup-fields";

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
          <EmailSignupFields
            id={id}
            result={result}
            busy={fetcher.state !== "idle"}
            submit="Notify me"
            buttonClassName={buttonClass("secondary")}
          />
        </fetcher.Form>
      )}
    </section>
  );
}
