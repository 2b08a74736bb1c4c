// What the specs read in the headers of a mail the SMTP peer received: the one-click unsubscribe a list mail
// (the newsletter, the new-work alerts) must offer (RFC 8058).
import { expect } from "./fixtures";
import type { ReceivedMail } from "./smtp-peer";

/** The message's header block, unfolded (long headers are wrapped over several lines). */
export const headersOf = (mail: ReceivedMail) => mail.raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");

/**
 * The List-Unsubscribe link of a list mail, once its headers are checked: one-click unsubscribing is offered
 * (List-Unsubscribe-Post) and the link is `url` with a token.
 */
export function oneClickUnsubscribeLink(mail: ReceivedMail, url: string): string {
  const headers = headersOf(mail);
  expect(headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const unsubscribe = /List-Unsubscribe: <([^>]+)>/.exec(headers)?.[1];
  expect(unsubscribe).toMatch(new RegExp(`^${url}\\?token=`));
  return unsubscribe!;
}
