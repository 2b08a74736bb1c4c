// Spec §9 "Query cache": what a page loaded stays fresh for 5 minutes and is kept for 10; a failed load is
// tried once more before the error is shown; returning to the window refetches nothing. In React Router terms:
// the public pages' `clientLoader` answers a navigation back to a page from this cache while it is fresh, and
// any write made from this tab (a form or fetcher that is not a GET) empties it, so nothing stale survives
// the visitor's own change. The cart is checked against the server on its own (`/api/cart`), never from here.

import { useEffect } from "react";
import { isRouteErrorResponse, useFetchers, useNavigation } from "react-router";

export const CLIENT_DATA = { staleMs: 5 * 60_000, retentionMs: 10 * 60_000, retries: 1 } as const;

interface Entry {
  data: unknown;
  at: number;
}

const entries = new Map<string, Entry>();

function sweep(now: number) {
  for (const [key, entry] of entries) if (now - entry.at >= CLIENT_DATA.retentionMs) entries.delete(key);
}

/** A route's data for `url`: from the cache while fresh, else loaded (with one retry) and kept. */
export async function cachedLoad<T>(url: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
  sweep(now);
  const { pathname, search } = new URL(url, "http://x.invalid");
  const key = pathname + search;
  const hit = entries.get(key);
  if (hit && now - hit.at < CLIENT_DATA.staleMs) return hit.data as T;
  const data = await withRetry(load);
  entries.set(key, { data, at: now });
  return data;
}

/** The pages kept in the cache, by path and query (what the retention sweep leaves). */
export function retainedClientData(): string[] {
  return [...entries.keys()];
}

/** After a write: every page loads afresh. */
export function forgetClientData(): void {
  entries.clear();
}

/** Whether an error is worth a second try: a lost connection or a server error, not an answer like 404. */
function retryable(error: unknown): boolean {
  if (error instanceof Response) return false;
  if (isRouteErrorResponse(error)) return error.status >= 500;
  return true;
}

/** Runs `fn`, and once more if it failed in a way a retry can mend (spec §9: 1 retry). */
export async function withRetry<T>(fn: () => Promise<T>, retries: number = CLIENT_DATA.retries): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= retries || !retryable(error)) throw error;
    }
  }
}

/** `fetch` with one retry after a network failure or a 5xx answer (the last answer is returned as it is). */
export async function fetchWithRetry(input: string, init?: RequestInit): Promise<Response> {
  let response: Response | undefined;
  try {
    response = await fetch(input, init);
  } catch {
    return fetch(input, init);
  }
  if (response.status >= 500) return fetch(input, init);
  return response;
}

/** In the root: a form or fetcher sending anything but a GET empties the cache as it starts. */
export function useForgetClientDataOnWrite(): void {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const writing =
    isWrite(navigation.formMethod) || fetchers.some((f) => f.state === "submitting" && isWrite(f.formMethod));
  useEffect(() => {
    if (writing) forgetClientData();
  }, [writing]);
}

function isWrite(method: string | undefined): boolean {
  return method !== undefined && method.toUpperCase() !== "GET";
}
