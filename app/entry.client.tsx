// React Router's default client entry, plus two lines. The head script is told that React is taking over the
// page's events (decision 0014) before hydrateRoot attaches its listeners. From then on React handles a press
// itself (hydrating at once if it must), so the head script stops holding presses for replay: held as well, a
// press on a toggle acted twice. A choice in a select is still held until the page is interactive: made while
// React hydrates, it reached no handler. And a cancellation (a skipped view transition, a request overtaken by
// the next one) is not reported as an error (app/lib/cancellations.ts).
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { quietCancellations } from "~/lib/cancellations";

window.__atelierHydrating?.();
quietCancellations();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
