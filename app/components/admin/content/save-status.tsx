// Spec §4/§9: an optimistic change is pending, then succeeds or fails; its mark is cleared after 2 s on
// success and 5 s on error. The mark is a small live text beside the control.
import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import type { ActionResult } from "~/lib/action-result";

export type SaveState = "idle" | "pending" | "saved" | "queued" | "failed";

export const CLEAR_AFTER_SUCCESS_MS = 2000;
export const CLEAR_AFTER_ERROR_MS = 5000;

type Settled = "saved" | "queued" | "failed";

/** What a finished submission shows, by its answer, and how long until the mark is cleared: 2 s after a
 * success (saved, or kept offline), 5 s after an error. */
export function settle(result: ActionResult | undefined): { state: Settled; clearAfterMs: number } {
  if (result?.ok === false) return { state: "failed", clearAfterMs: CLEAR_AFTER_ERROR_MS };
  // Kept in the offline queue: saved once the connection returns (the header counts what waits).
  return { state: result?.ok && result.queued ? "queued" : "saved", clearAfterMs: CLEAR_AFTER_SUCCESS_MS };
}

/** Follows a fetcher: pending while it submits, then saved or failed (by its `ok`) for a while. */
export function useSaveStatus(fetcher: Pick<FetcherWithComponents<ActionResult>, "state" | "data">): SaveState {
  const [settled, setSettled] = useState<Settled | undefined>();
  const wasBusy = useRef(false);
  const busy = fetcher.state !== "idle";
  useEffect(() => {
    if (busy) {
      wasBusy.current = true;
      return;
    }
    if (!wasBusy.current) return;
    wasBusy.current = false;
    const { state, clearAfterMs } = settle(fetcher.data);
    setSettled(state);
    const timer = setTimeout(() => setSettled(undefined), clearAfterMs);
    return () => clearTimeout(timer);
  }, [busy, fetcher.data]);
  if (fetcher.state === "submitting") return "pending";
  return settled ?? "idle";
}

export function SaveStatus({ status, className = "" }: { status: SaveState; className?: string }) {
  const text = { idle: "", pending: "Saving…", saved: "Saved", queued: "Saved offline", failed: "Not saved" }[status];
  return (
    <span
      role="status"
      className={`min-w-16 text-xs ${status === "failed" ? "text-destructive" : "text-muted"} ${className}`}
    >
      {text}
    </span>
  );
}
