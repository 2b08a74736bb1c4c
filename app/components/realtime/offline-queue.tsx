// The offline queue in the page (spec §7, §8): how many changes wait ("Offline: 3 changes waiting"), and
// the replay when the connection returns, with a toast for a change given up after its retries.
import { useEffect, useSyncExternalStore } from "react";
import { useRevalidator } from "react-router";
import { notify } from "~/components/site/toast-host";
import {
  isOffline,
  readQueue,
  replayQueue,
  serverQueue,
  subscribeQueue,
  type QueuedOperation,
} from "~/lib/offline-queue";

/** The queue as it is now, kept in step with this tab's and other tabs' changes. */
export function useOfflineQueue(): QueuedOperation[] {
  return useSyncExternalStore(subscribeQueue, readQueue, serverQueue);
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener("online", listener);
      window.addEventListener("offline", listener);
      return () => {
        window.removeEventListener("online", listener);
        window.removeEventListener("offline", listener);
      };
    },
    () => !isOffline(),
    () => true,
  );
}

let replaying: Promise<number> | null = null;

/**
 * Replays the queue now, once however many callers ask at the same time (the socket's reconnect and the
 * browser's online event arrive together); says so in one toast for each change given up. Resolves how many
 * landed.
 */
export function replayOfflineChanges(): Promise<number> {
  replaying ??= replayQueue()
    .then((report) => {
      for (const { op, reason } of report.dropped) {
        console.warn(`Dropped a change to ${op.table} made offline after ${op.maxRetries} attempts: ${reason}`);
        notify((t) => t.error(`A change made offline could not be saved: ${reason}`));
      }
      return report.landed;
    })
    .finally(() => {
      replaying = null;
    });
  return replaying;
}

const changes = (n: number) => `${n} ${n === 1 ? "change" : "changes"}`;

/**
 * The admin header's note while changes wait, and the replay on reconnect (and at start, for changes left
 * by an earlier visit). Once changes land, the page's data is loaded again.
 */
export function OfflineQueueStatus() {
  const queue = useOfflineQueue();
  const online = useOnline();
  const { revalidate } = useRevalidator();

  useEffect(() => {
    if (!online || readQueue().length === 0) return;
    let current = true;
    void replayOfflineChanges().then((landed) => {
      if (current && landed > 0) void revalidate();
    });
    return () => {
      current = false;
    };
  }, [online, revalidate]);

  if (queue.length === 0 && online) return null;
  return (
    <p
      role="status"
      className="text-muted bg-paper border-line flex items-center justify-center gap-1.5 text-xs whitespace-nowrap max-md:absolute max-md:inset-x-0 max-md:top-full max-md:border-b max-md:py-1"
    >
      <span className={`size-2 rounded-full ${online ? "bg-amber-500" : "bg-stone-400"}`} aria-hidden />
      {online
        ? `Saving ${changes(queue.length)} made offline…`
        : queue.length
          ? `Offline: ${changes(queue.length)} waiting`
          : "Offline: changes will wait here"}
    </p>
  );
}
