// Whether a route reloads its data after a write: not when the write was kept in the offline queue. Apart from
// app/lib/offline-queue.ts because the root route needs it on every public page, and the queue itself is loaded
// only with the parts that write (the admin pages, the signed-in header).
/** A route's shouldRevalidate part: a write kept in the queue has nothing to reload (and no connection to). */
export function revalidateUnlessQueued({
  actionResult,
  defaultShouldRevalidate,
}: {
  actionResult?: unknown;
  defaultShouldRevalidate: boolean;
}): boolean {
  const queued = typeof actionResult === "object" && actionResult !== null && "queued" in actionResult;
  return queued ? false : defaultShouldRevalidate;
}
