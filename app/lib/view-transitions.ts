// A view transition the browser skips (Back pressed while a work's page is opening, another link followed
// during the animation) rejects its promises with an AbortError. React Router (7.18) leaves them without a
// handler, so every skipped transition was reported on the page as an uncaught error although the navigation
// itself went through. The transitions started on this page get a handler that lets that one rejection go and
// keeps every other visible (thrown again, it is still reported).

function ignoreSkipped(error: unknown): void {
  if (error instanceof DOMException && error.name === "AbortError") return;
  throw error;
}

/** Wraps `document.startViewTransition` (where the browser has it) once, before React Router first calls it. */
export function quietSkippedViewTransitions(doc: Document = document): void {
  if (typeof doc.startViewTransition !== "function") return;
  const start = doc.startViewTransition.bind(doc);
  doc.startViewTransition = (callbackOptions) => {
    const transition = start(callbackOptions);
    for (const promise of [transition.updateCallbackDone, transition.ready, transition.finished])
      promise.catch(ignoreSkipped);
    return transition;
  };
}
