// React Router's default client entry, plus two lines. The head script is told that React is taking over the
// page's events (decision 0014) before hydrateRoot attaches its listeners. From then on React handles a press
// itself (hydrating at once if it must), so the head script stops holding presses for replay: held as well, a
// press on a toggle acted twice. A choice in a select is still held until the page is interactive: made while
// React hydrates, it reached no handler. And a skipped view transition is not reported as an error
// (app/lib/view-transitions.ts).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { quietSkippedViewTransitions } from "~/lib/view-transitions";

window.__atelierHydrating?.();
quietSkippedViewTransitions();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
