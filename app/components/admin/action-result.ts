// Spec §4 "Optimistic update" and §8: a write from the admin UI is shown at once (pending), then succeeds or
// fails; a failure is logged with console.error, shown as an error toast, and rolled back: the optimistic
// state is derived from the pending request, so it drops when the request ends, and the loaders refetch.
import { notify } from "~/components/site/toast-host";

export type ActionResult = { ok: true; message?: string; warning?: string } | { ok: false; error: string };

/** Runs a route's server action from its clientAction, reporting the outcome as a toast. */
export async function reportAction<T extends ActionResult>(
  serverAction: () => Promise<T>,
  failure: string,
): Promise<T | { ok: false; error: string }> {
  try {
    const result = await serverAction();
    if (!result.ok) {
      console.error(`${failure}: ${result.error}`);
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
