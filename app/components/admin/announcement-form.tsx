// The dashboard's "Message to everyone online" (spec §6 global broadcast): a short note every signed-in visitor
// sees at once as a toast ("New collection live"). Administrators only, a few a minute (the hub's limits).
import { useFetcher } from "react-router";
import { useId } from "react";
import { MAX_ANNOUNCEMENT_LENGTH } from "~/lib/realtime";
import { adminButton, adminCard, adminInput, adminLabel } from "./ui";

export type AnnouncementResult = { ok: true; reached: number } | { ok: false; error: string };

export function AnnouncementForm() {
  const fetcher = useFetcher<AnnouncementResult>();
  const id = useId();
  const result = fetcher.data;
  const sending = fetcher.state !== "idle";
  return (
    <section aria-labelledby={`${id}-title`} className={`${adminCard} mt-6 p-4`}>
      <h2 id={`${id}-title`} className="text-base">
        Message to everyone online
      </h2>
      <p className="text-muted mt-1 text-sm">Signed-in visitors see it at once, in a small note on the page.</p>
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-2 md:flex-row md:items-end" noValidate>
        <input type="hidden" name="intent" value="announce" />
        <div className="grow">
          <label htmlFor={`${id}-text`} className={adminLabel}>
            Message
          </label>
          <input
            id={`${id}-text`}
            name="text"
            className={adminInput}
            maxLength={MAX_ANNOUNCEMENT_LENGTH}
            placeholder="New collection live"
            aria-invalid={result && !result.ok ? true : undefined}
            aria-describedby={`${id}-status`}
            required
          />
        </div>
        <button type="submit" className={adminButton.primary} disabled={sending}>
          {sending ? "Sending…" : "Send to everyone online"}
        </button>
      </fetcher.Form>
      <p
        id={`${id}-status`}
        role="status"
        className={`mt-2 text-sm ${result && !result.ok ? "text-destructive" : "text-muted"}`}
      >
        {result
          ? result.ok
            ? `Sent to ${result.reached} ${result.reached === 1 ? "person" : "people"} online.`
            : result.error
          : ""}
      </p>
    </section>
  );
}
