// Something the browser or React Router cancels on purpose rejects with an AbortError: a view transition
// skipped (Back pressed while a work's page is opening, another link followed during the animation), a
// request overtaken by the next navigation or revalidation, a fetcher called again. React Router (7.18) leaves
// some of those rejections without a handler: every skipped transition, and a request cancelled while its
// response's body was still being read (seen once in a loaded CI run, a sign-in sent again while the first
// one's page data was still arriving: "signal is aborted without reason"). The page then reported an uncaught
// error although nothing had failed. A cancellation is never a failure the visitor should hear of, nor one an
// error monitor should count: its rejection is let go, and every other one is still reported.

interface RejectionEvent extends Event {
  readonly reason: unknown;
}

/** Whether an unhandled rejection is only a cancellation. */
export function isCancellation(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === "AbortError";
}

/** Installs the listener that lets cancellations' rejections go (once, before React Router starts). */
export function quietCancellations(target: EventTarget = window): void {
  target.addEventListener("unhandledrejection", (event) => {
    if (isCancellation((event as RejectionEvent).reason)) event.preventDefault();
  });
}
