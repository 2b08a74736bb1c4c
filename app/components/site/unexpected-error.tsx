import { isRouteErrorResponse } from "react-router";
import { UNAVAILABLE_HEADING, unavailableReason } from "~/lib/unavailable";

/**
 * A page that could not be shown (not a 404): what happened, and the way home. The stack only in development.
 * A 503 with its reason in words (the database out of reach: server/database-outage.ts) is no error of the page:
 * it says the site is back in a moment, under a heading of its own.
 */
export function UnexpectedError({ error }: { error: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  const unavailable = unavailableReason(error);
  const heading = unavailable ? UNAVAILABLE_HEADING : "Unexpected Application Error!";
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-4 py-24">
      <title>{unavailable ? heading : "Something went wrong"}</title>
      <h1 className="text-3xl md:text-4xl">{heading}</h1>
      <p className="text-muted max-w-prose">
        {unavailable ??
          (isRouteErrorResponse(error)
            ? `${error.status} ${error.statusText}`
            : "Something went wrong while showing this page. Please try again in a moment.")}
      </p>
      <a href="/" className="underline underline-offset-4">
        Return to the home page
      </a>
      {detail ? <pre className="mt-6 max-w-full overflow-auto text-xs">{detail}</pre> : null}
    </section>
  );
}
