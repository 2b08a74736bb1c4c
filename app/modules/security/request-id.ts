// The id a request is logged and answered under: the one a proxy in front sent (X-Request-Id), when it is a
// plain token of at most 64 characters, else a new UUID. Nothing else a client sends reaches the log as an id.
import { randomUUID } from "node:crypto";

const GIVEN = /^[\w.:-]{1,64}$/;

export function requestIdOf(given: string | string[] | undefined): string {
  return typeof given === "string" && GIVEN.test(given) ? given : randomUUID();
}
