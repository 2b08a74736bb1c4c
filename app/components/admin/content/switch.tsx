// An on/off switch (role="switch") that submits its new value through a fetcher and shows it at once
// (spec §4 optimistic update): the shown state is the pending request's value until the server answers; a
// refusal drops it (the loader's value returns) and the route's clientAction shows the error as a toast.
import { useFetcher } from "react-router";
import { Switch } from "~/components/ui/switch";
import type { ActionResult } from "~/lib/action-result";
import { SaveStatus, useSaveStatus } from "./save-status";

export function FetcherSwitch({
  label,
  name,
  checked,
  hidden,
  action,
  describedBy,
}: {
  /** The accessible name, e.g. "Published". */
  label: string;
  /** The form field that carries the new value ("true" / "false"). */
  name: string;
  checked: boolean;
  /** The other fields of the request (intent, id). */
  hidden: Record<string, string>;
  action?: string;
  describedBy?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  const pending = fetcher.formData?.get(name);
  const shown = typeof pending === "string" ? pending === "true" : checked;
  const status = useSaveStatus(fetcher);
  return (
    <Switch
      label={label}
      checked={shown}
      describedBy={describedBy}
      onChange={(next) => void fetcher.submit({ ...hidden, [name]: String(next) }, { method: "post", action })}
      after={<SaveStatus status={status} />}
    />
  );
}
