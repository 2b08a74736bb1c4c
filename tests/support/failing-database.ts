import type { Database } from "~/db/client.server";

/** A database whose every query rejects, as one whose connection is lost does. */
export function failingDatabase(message = "connection refused"): Database {
  const error = new Error(message);
  // Any property or call gives the same chain back; awaiting it rejects.
  const handler: ProxyHandler<() => void> = {
    get: (_target, prop) => (prop === "then" ? (_ok: unknown, fail: (e: Error) => void) => fail(error) : chain),
    apply: () => chain,
  };
  const chain: unknown = new Proxy(() => undefined, handler);
  return chain as Database;
}
