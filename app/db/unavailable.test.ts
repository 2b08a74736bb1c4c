import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable";

/** A driver error as node-postgres makes it, wrapped as Drizzle wraps it. */
const wrapped = (cause: object) => Object.assign(new Error("Failed query: select 1\nparams: "), { cause });
const pgError = (fields: { code: string; severity?: string; message?: string }) =>
  Object.assign(new Error(fields.message ?? "error"), { severity: "ERROR", ...fields });

describe("isDatabaseUnavailable", () => {
  it("says yes for a server out of reach, a killed or refused session, no connection to give, a lock not granted", () => {
    for (const error of [
      Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      pgError({ code: "55000", severity: "FATAL", message: 'database "shop" is not currently accepting connections' }),
      pgError({ code: "57P01", severity: "FATAL", message: "terminating connection due to administrator command" }),
      pgError({ code: "53300", severity: "FATAL" }),
      pgError({ code: "08006" }),
      pgError({ code: "55P03", message: "canceling statement due to lock timeout" }),
      pgError({ code: "57014", message: "canceling statement due to statement timeout" }),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(true);
      expect(isDatabaseUnavailable(wrapped(error)), `wrapped ${String(error)}`).toBe(true);
    }
  });

  it("says no for a query's own fault, which trying again would not mend", () => {
    for (const error of [
      pgError({ code: "23505", message: "duplicate key value violates unique constraint" }),
      pgError({ code: "42P01", message: 'relation "nope" does not exist' }),
      pgError({ code: "22P02", message: "invalid input syntax for type uuid" }),
      new Error("No handler for job kind x"),
      "a string",
      undefined,
    ]) {
      expect(isDatabaseUnavailable(error), String(error)).toBe(false);
      if (error instanceof Error) expect(isDatabaseUnavailable(wrapped(error))).toBe(false);
    }
  });
});
