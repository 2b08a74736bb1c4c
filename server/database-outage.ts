// The database out of reach (db/unavailable.ts): every route's loader and action answer it as "try again",
// 503 with Retry-After, instead of a fault of the page (500, and a stack in the log per request). A page shows
// its error boundary with that sentence, a resource route the sentence as text (server/resource-routes.ts); a
// form that must keep what was typed catches it itself first (the checkout). The log says it once a minute: each
// request still has its own line, with its status.
import { data, type ServerBuild } from "react-router";
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable, outageReason } from "~/db/unavailable";
import type { Logger } from "~/logger.server";
import { withRouteModules } from "./resource-routes";

type Handler = (args: never) => unknown;

/** What a visitor reads while the database is out of reach (UnexpectedError shows a 503's words). */
export const OUTAGE_MESSAGE = "The site is briefly unavailable. Please try again in a moment.";

/** The error boundary's and the resource route's answer while the database is out of reach. */
export const outageAnswer = () =>
  data(OUTAGE_MESSAGE, {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "retry-after": String(DATABASE_RETRY_AFTER_SECONDS), "cache-control": "no-store" },
  });

/** The build with every route's loader and action answering an unreachable database with `outageAnswer()`. */
export function withDatabaseOutages(build: ServerBuild, logger: Logger): ServerBuild {
  let warned = 0;
  const answering =
    (handler: Handler): Handler =>
    async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        if (Date.now() - warned >= 60_000) {
          warned = Date.now();
          logger.warn(
            { err: outageReason(error) },
            "database unreachable: requests that need it are answered 503 (said once a minute)",
          );
        }
        throw outageAnswer();
      }
    };
  return withRouteModules(build, (_id, module) => ({
    ...(module.loader ? { loader: answering(module.loader as Handler) } : {}),
    ...(module.action ? { action: answering(module.action as Handler) } : {}),
  }));
}
