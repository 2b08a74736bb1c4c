// Spec §4 "Optimistic update" and §8: a write from the admin UI is shown at once (pending), then succeeds or
// fails; a failure is logged with console.error, shown as an error toast, and rolled back: the optimistic
// state is derived from the pending request, so it drops when the request ends, and the loaders refetch.
// Spec §7 "Queued offline writes": while the browser is offline, a write the page can express as table
// changes is kept in the offline queue instead (app/lib/offline-queue.ts) and shown from there until it lands.
import { notify } from "~/components/site/toast-host";
import type { ActionResult } from "~/lib/action-result";
import { isOffline, OfflineQueueFullError, queueOperations, type NewOperation } from "~/lib/offline-queue";

export interface OfflineWrite {
  /** The submission (read only when offline). */
  request: Request;
  /** The submission as table changes, or undefined when it cannot wait (it is then sent, and fails). */
  operations: (form: FormData) => NewOperation[] | undefined;
}

/** Runs a route's server action from its clientAction, reporting the outcome as a toast. */
export async function reportAction<T extends ActionResult>(
  serverAction: () => Promise<T>,
  failure: string,
  offline?: OfflineWrite,
): Promise<T | ActionResult> {
  if (offline && isOffline()) {
    const operations = offline.operations(await offline.request.clone().formData());
    if (operations?.length) {
      try {
        queueOperations(operations);
        return { ok: true, queued: true };
      } catch (error) {
        if (!(error instanceof OfflineQueueFullError)) throw error;
        console.error(`${failure}: ${error.message}`);
        notify((t) => t.error(error.message));
        return { ok: false, error: error.message };
      }
    }
  }
  try {
    const result = await serverAction();
    if (!result.ok) {
      // A form answered with field errors is the person's mistake, said beside the fields: not an error to log.
      if (!("fieldErrors" in result)) console.error(`${failure}: ${result.error}`);
      notify((t) => t.error(result.error));
    } else if (result.warning) {
      const warning = result.warning;
      notify((t) => t.warning(warning));
    } else if (result.message) {
      const message = result.message;
      notify((t) => t.success(message));
    }
    return result;
  } catch (error) {
    // A redirect (the session ended) is still followed.
    if (error instanceof Response) throw error;
    console.error(failure, error);
    notify((t) => t.error(`${failure}. Please try again.`));
    return { ok: false, error: failure };
  }
}
