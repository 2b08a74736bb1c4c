// The database out of reach (db/unavailable.ts): every route's loader and action answer it as "try again",
// 503 with Retry-After, instead of a fault of the page (500, and a stack in the log per request). A page shows
// its error boundary with that sentence, a resource route the sentence as text (server/resource-routes.ts); a
// form that must keep what was typed catches it itself first (the checkout; `keptThroughOutage` of the forms
// module). The log says it once a minute (`noteOutage`): each request still has its own line, with its status.
import { data, type ServerBuild } from "react-router";
import { isDatabaseUnavailable, noteOutage, OUTAGE_HEADERS, OUTAGE_MESSAGE } from "~/db/unavailable";
import type { Logger } from "~/logger.server";
import { withRouteModules } from "./resource-routes";

type Handler = (args: never) => unknown;

/** The error boundary's and the resource route's answer while the database is out of reach. */
export const outageAnswer = () =>
  data(OUTAGE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: OUTAGE_HEADERS,
  });

/** The build with every route's loader and action answering an unreachable database with `outageAnswer()`. */
export function withDatabaseOutages(build: ServerBuild, logger: Logger): ServerBuild {
  const answering =
    (handler: Handler): Handler =>
    async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        noteOutage(logger, error);
        throw outageAnswer();
      }
    };
  return withRouteModules(build, (_id, module) => ({
    ...(module.loader ? { loader: answering(module.loader as Handler) } : {}),
    ...(module.action ? { action: answering(module.action as Handler) } : {}),
  }));
}
