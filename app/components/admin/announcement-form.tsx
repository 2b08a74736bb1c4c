// The dashboard's "Message to everyone online" (spec §6 global broadcast): a short note every signed-in visitor
// sees at once as a toast ("New collection live"). Administrators only, a few a minute (the hub's limits).
import { useFetcher } from "react-router";
import { useId } from "react";
import { Button } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { formState, type ActionResult } from "~/lib/action-result";
import { MAX_ANNOUNCEMENT_LENGTH } from "~/lib/realtime";

export function AnnouncementForm() {
  const fetcher = useFetcher<ActionResult<{ reached: number }>>();
  const id = useId();
  const result = fetcher.data;
  const { fieldErrors, error } = formState(result);
  // One line says how it went: how many were reached, or what to change (it also describes the field).
  const problem = fieldErrors.text ?? error;
  const sending = fetcher.state !== "idle";
  return (
    <Panel
      title="Message to everyone online"
      description="Signed-in visitors see it at once, in a small note on the page."
      className="mt-6 p-4"
    >
      <fetcher.Form method="post" className="mt-3 flex flex-col gap-2 md:flex-row md:items-end" noValidate>
        <input type="hidden" name="intent" value="announce" />
        <Field label="Message" className="grow">
          {(control) => (
            <input
              {...control}
              name="text"
              maxLength={MAX_ANNOUNCEMENT_LENGTH}
              placeholder="New collection live"
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${id}-status`}
              required
            />
          )}
        </Field>
        <Button type="submit" size="sm" disabled={sending}>
          {sending ? "Sending…" : "Send to everyone online"}
        </Button>
      </fetcher.Form>
      <p id={`${id}-status`} role="status" className={`mt-2 text-sm ${problem ? "text-destructive" : "text-muted"}`}>
        {result?.ok
          ? `Sent to ${result.reached} ${result.reached === 1 ? "person" : "people"} online.`
          : (problem ?? "")}
      </p>
    </Panel>
  );
}
