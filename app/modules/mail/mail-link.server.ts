// The links of double opt-in mails (the newsletter's, "Notify me"), no sign-in: /…/confirm?token=… and
// /…/unsubscribe?token=…. Opening one shows a page with one button, so a mail scanner that follows links
// changes nothing; the unsubscribe link also takes RFC 8058's one-click POST (`List-Unsubscribe=One-Click`)
// that mail clients send. Never cached, never indexed. A route says what its token finds and what the
// button does; this reads the link and answers a wrong one with 404.
import { data } from "react-router";
import { readFormData } from "~/modules/forms/submission.server";

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

/** The loader: what the link's token finds (404 when nothing), with the link's kind. */
export async function openMailLink<T extends object>(
  request: Request,
  find: (kind: LinkKind, token: string | null) => Promise<T | undefined>,
) {
  const { kind, token } = readLink(request);
  const found = await find(kind, token);
  if (!found) throw data({ message: INVALID_LINK }, { status: 404, headers: { "cache-control": "no-store" } });
  return data({ kind, ...found }, { headers: { "cache-control": "no-store" } });
}

/** The action: the page's button, or a mail client's one-click POST, does what the link says (404 when nothing). */
export async function followMailLink(
  request: Request,
  apply: (kind: LinkKind, token: string | null) => Promise<object | undefined>,
): Promise<{ done: true }> {
  const { kind, token } = readLink(request);
  await readFormData(request);
  if (!(await apply(kind, token))) throw data({ message: INVALID_LINK }, { status: 404 });
  return { done: true };
}
