// The links of "Notify me" mails: /alerts/confirm?token=… (the double opt-in) and /alerts/unsubscribe?token=…
// (in every alert); how such a link behaves: app/modules/mail/mail-link.server.ts.
import type { Route } from "./+types/work-alert-link";
import { MailLinkPage } from "~/components/site/mail-link-page";
import { privatePageMeta } from "~/lib/seo";
import { alertForLink, confirmAlert, unsubscribeAlert } from "~/modules/alerts/alerts.server";
import { followMailLink, openMailLink } from "~/modules/mail/mail-link.server";

export const loader = ({ request }: Route.LoaderArgs) => openMailLink(request, alertForLink);

export const action = ({ request }: Route.ActionArgs) =>
  followMailLink(request, (kind, token) => (kind === "confirm" ? confirmAlert(token) : unsubscribeAlert(token)));

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(matches, loaderData?.kind === "unsubscribe" ? "Unsubscribe" : "Confirm");

export default function WorkAlertLink({ loaderData, actionData }: Route.ComponentProps) {
  const { kind, email, title, status } = loaderData;
  const done = actionData?.done ?? false;
  const about = title ? `when “${title}” becomes available` : "about new works";
  return kind === "unsubscribe" ? (
    <MailLinkPage
      eyebrow="Notify me"
      done={done || status === "unsubscribed"}
      texts={{
        ask: { title: "Unsubscribe", lead: `Stop telling ${email} ${about}?`, button: "Unsubscribe" },
        done: {
          title: "You are unsubscribed",
          lead: `Nothing more will be sent to ${email} ${about}.`,
          back: "Back to the gallery",
        },
      }}
    />
  ) : (
    <MailLinkPage
      eyebrow="Notify me"
      done={done || status === "confirmed"}
      texts={{
        ask: { title: "Please confirm", lead: `Tell ${email} ${about}?`, button: "Confirm" },
        done: {
          title: "You are subscribed",
          lead: `We will tell ${email} ${about}. Every e-mail has a link to unsubscribe.`,
          back: "See the gallery",
        },
      }}
    />
  );
}
