import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import { UNAVAILABLE_HEADING, unavailableReason } from "~/lib/unavailable";
import { AccessDenied } from "./access-denied";

const ACCESS_DENIED_FALLBACK = "You don't have permission to access this area. Admin privileges required.";

function deniedMessage(error: unknown): string | undefined {
  if (!isRouteErrorResponse(error) || error.status !== 403) return undefined;
  const data = error.data as { message?: unknown } | undefined;
  return typeof data?.message === "string" ? data.message : ACCESS_DENIED_FALLBACK;
}

/** The admin layout's boundary: Access Denied for a 403, otherwise a plain error page outside the shell. */
export function AdminLayoutError() {
  const error = useRouteError();
  const denied = deniedMessage(error);
  if (denied) return <AccessDenied message={denied} />;
  return (
    <main className="flex min-h-dvh items-center justify-center px-6">
      <AdminErrorBody error={error} />
    </main>
  );
}

/** An admin page's boundary: the error shows inside the shell, so the sidebar stays usable. */
export function AdminPageError() {
  const error = useRouteError();
  const denied = deniedMessage(error);
  if (denied) return <AccessDenied message={denied} fullPage={false} />;
  return <AdminErrorBody error={error} />;
}

function AdminErrorBody({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // In the browser, for whoever debugs it. On the server, entry.server's handleError has logged a real error
  // as one structured line; a client's mistake (a 4xx response) is on its request's log line.
  const clientMistake = isRouteErrorResponse(error) && error.status < 500;
  // The database out of reach (a 503 that says why) broke nothing: it is said as it is, and not logged again.
  const unavailable = unavailableReason(error);
  if (typeof document !== "undefined" && !clientMistake && !unavailable) console.error(error);
  const heading = notFound ? "Not found" : unavailable ? UNAVAILABLE_HEADING : "Unexpected Application Error!";
  return (
    <div className="max-w-xl py-10">
      <title>{notFound || unavailable ? heading : "Something went wrong"}</title>
      <h1 className="text-3xl">{heading}</h1>
      <p className="text-muted mt-3">
        {notFound
          ? "There is nothing at this address. It may have been deleted."
          : (unavailable ?? "Something went wrong while showing this page. Please try again in a moment.")}
      </p>
      <Link to={adminPaths.dashboard()} className="mt-6 inline-block underline underline-offset-4">
        Back to the dashboard
      </Link>
    </div>
  );
}
