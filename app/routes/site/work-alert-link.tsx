// The links of "Notify me" mails: /alerts/confirm?token=… (the double opt-in) and /alerts/unsubscribe?token=…
// (in every alert); how such a link behaves: app/modules/mail/mail-link.server.ts. A confirm link that changes
// nothing (used, expired, sent before an unsubscribe) says why and leads back to the form (the work's page, or
// the shop for new works).
import type { Route } from "./+types/work-alert-link";
import { MailLinkPage, mailLinkTitle, SpentLinkPage, type SignUpAgain } from "~/components/site/mail-link-page";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { alertForLink, confirmAlert, unsubscribeAlert } from "~/modules/alerts/alerts.server";
import { followMailLink, openMailLink } from "~/modules/mail/mail-link.server";

export const loader = ({ request }: Route.LoaderArgs) => openMailLink(request, alertForLink);

export const action = ({ request }: Route.ActionArgs) =>
  followMailLink(request, (kind, token) => (kind === "confirm" ? confirmAlert(token) : unsubscribeAlert(token)));

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(matches, mailLinkTitle(loaderData, "Confirm"));

function signUpAgain(work: { artworkId: string | null; title: string | null }): SignUpAgain {
  const how = "to be told, ask again and confirm by the link in the new e-mail.";
  return work.artworkId && work.title
    ? { how, to: paths.artwork(work.artworkId), label: `See “${work.title}”` }
    : { how, to: paths.shop(), label: "Go to the shop" };
}

export default function WorkAlertLink({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.spent)
    return <SpentLinkPage eyebrow="Notify me" spent={actionData.spent} again={signUpAgain(loaderData)} />;
  const done = actionData?.done ?? false;
  if (!done && loaderData.state !== "open")
    return <SpentLinkPage eyebrow="Notify me" spent={loaderData.state} again={signUpAgain(loaderData)} />;
  const { kind, title } = loaderData;
  const email = actionData?.email ?? (loaderData.state === "open" ? loaderData.email : "");
  const status = loaderData.state === "open" ? loaderData.status : undefined;
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
