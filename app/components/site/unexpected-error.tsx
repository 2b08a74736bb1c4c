import { isRouteErrorResponse } from "react-router";

/** A page that could not be shown (not a 404): what happened, and the way home. The stack only in development. */
export function UnexpectedError({ error }: { error: unknown }) {
  const detail = import.meta.env.DEV && error instanceof Error ? error.stack : undefined;
  return (
    <section className="container-page flex min-h-[60dvh] flex-col items-start justify-center gap-4 py-24">
      <title>Something went wrong</title>
      <h1 className="text-3xl md:text-4xl">Unexpected Application Error!</h1>
      <p className="text-muted max-w-prose">
        {isRouteErrorResponse(error)
          ? // A 503 says in words when to come back (the database out of reach: server/database-outage.ts).
            error.status === 503 && typeof error.data === "string"
            ? error.data
            : `${error.status} ${error.statusText}`
          : "Something went wrong while showing this page. Please try again in a moment."}
      </p>
      <a href="/" className="underline underline-offset-4">
        Return to the home page
      </a>
      {detail ? <pre className="mt-6 max-w-full overflow-auto text-xs">{detail}</pre> : null}
    </section>
  );
}
