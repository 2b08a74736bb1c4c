// The links of double opt-in mails (the newsletter's, "Notify me"), no sign-in: /…/confirm?token=… and
// /…/unsubscribe?token=…. Opening one shows a page with one button, so a mail scanner that follows links
// changes nothing; the unsubscribe link also takes RFC 8058's one-click POST (`List-Unsubscribe=One-Click`)
// that mail clients send. Never cached, never indexed. A route says what its token finds and what the
// button does; this reads the link and answers a wrong one with 404. A confirmation link that changes nothing
// (lib/opt-in.ts: used, expired, or sent before an unsubscribe) opens a page saying so: 410 when it is spent
// (expired, stale), 200 when it was used (the address is subscribed).
import { data } from "react-router";
import { readFormData } from "~/modules/forms/submission.server";
import type { SpentLink } from "~/lib/opt-in";

export type LinkKind = "confirm" | "unsubscribe";

export const INVALID_LINK =
  "This link is not valid. It may have been copied only in part: open it from the e-mail again.";

function readLink(request: Request): { kind: LinkKind; token: string | null } {
  const url = new URL(request.url);
  return {
    kind: url.pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm",
    token: url.searchParams.get("token"),
  };
}

function spentState(found: object): SpentLink | undefined {
  const state = "state" in found ? found.state : undefined;
  return state === "used" || state === "expired" || state === "stale" ? state : undefined;
}

const statusOf = (spent: SpentLink | undefined) => (spent && spent !== "used" ? 410 : 200);

/** The loader: what the link's token finds (404 when nothing), with the link's kind. */
export async function openMailLink<T extends object>(
  request: Request,
  find: (kind: LinkKind, token: string | null) => Promise<T | undefined>,
) {
  const { kind, token } = readLink(request);
  const found = await find(kind, token);
  if (!found) throw data({ message: INVALID_LINK }, { status: 404, headers: { "cache-control": "no-store" } });
  return data({ kind, ...found }, { status: statusOf(spentState(found)), headers: { "cache-control": "no-store" } });
}

/**
 * The action: the page's button, or a mail client's one-click POST, does what the link says (404 when nothing);
 * a confirmation link that changes nothing answers why (`spent`). Done, it names the address: the loader, run
 * again after the press, finds the link used and no longer names it.
 */
export async function followMailLink(
  request: Request,
  apply: (kind: LinkKind, token: string | null) => Promise<object | undefined>,
) {
  const { kind, token } = readLink(request);
  await readFormData(request);
  const result = await apply(kind, token);
  if (!result) throw data({ message: INVALID_LINK }, { status: 404 });
  const spent = spentState(result);
  const email = "email" in result && typeof result.email === "string" ? result.email : null;
  return data({ done: !spent, spent: spent ?? null, email }, { status: statusOf(spent) });
}
