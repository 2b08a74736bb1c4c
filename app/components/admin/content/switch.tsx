// An on/off switch (role="switch") that submits its new value through a fetcher and shows it at once
// (spec §4 optimistic update): the shown state is the pending request's value until the server answers; a
// refusal drops it (the loader's value returns) and the route's clientAction shows the error as a toast.
import { useFetcher } from "react-router";
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
  const fetcher = useFetcher<{ ok: boolean }>();
  const pending = fetcher.formData?.get(name);
  const shown = typeof pending === "string" ? pending === "true" : checked;
  const status = useSaveStatus(fetcher);
  return (
    <div className="flex items-center gap-2">
      <button
        type="button"
        role="switch"
        aria-checked={shown}
        aria-label={label}
        aria-describedby={describedBy}
        onClick={() => void fetcher.submit({ ...hidden, [name]: String(!shown) }, { method: "post", action })}
        className={`relative inline-flex h-6 w-10 shrink-0 items-center rounded-full border transition-colors ${
          shown ? "bg-ink border-ink" : "border-line bg-paper-deep"
        }`}
      >
        <span
          aria-hidden
          className={`inline-block size-4 rounded-full bg-white shadow transition-transform ${shown ? "translate-x-5" : "translate-x-1"}`}
        />
      </button>
      <span className="text-sm" aria-hidden>
        {label}
      </span>
      <SaveStatus status={status} />
    </div>
  );
}
