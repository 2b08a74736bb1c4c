// The newsletter's two links (docs/inquiries.md "Newsletter"): /newsletter/confirm?token=… (the double
// opt-in) and /newsletter/unsubscribe?token=… (in every issue); how such a link behaves:
// app/modules/mail/mail-link.server.ts. A confirm link that changes nothing (used, expired, sent before an
// unsubscribe) says why and leads back to the sign-up.
import type { Route } from "./+types/newsletter-link";
import { MailLinkPage, mailLinkTitle, SpentLinkPage } from "~/components/site/mail-link-page";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { confirmSubscription, subscriberForLink, unsubscribeByToken } from "~/modules/inbox/newsletter.server";
import { followMailLink, openMailLink } from "~/modules/mail/mail-link.server";

export const loader = ({ request }: Route.LoaderArgs) => openMailLink(request, subscriberForLink);

export const action = ({ request }: Route.ActionArgs) =>
  followMailLink(request, (kind, token) =>
    kind === "confirm" ? confirmSubscription(token) : unsubscribeByToken(token),
  );

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  privatePageMeta(matches, mailLinkTitle(loaderData, "Confirm your subscription"));

const SIGN_UP_AGAIN = {
  how: "to subscribe, sign up again and confirm by the link in the new e-mail.",
  to: paths.newsletter(),
  label: "Sign up again",
};

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  if (actionData?.spent) return <SpentLinkPage eyebrow="Newsletter" spent={actionData.spent} again={SIGN_UP_AGAIN} />;
  const done = actionData?.done ?? false;
  if (!done && loaderData.state !== "open")
    return <SpentLinkPage eyebrow="Newsletter" spent={loaderData.state} again={SIGN_UP_AGAIN} />;
  const { kind } = loaderData;
  const email = actionData?.email ?? (loaderData.state === "open" ? loaderData.email : "");
  const status = loaderData.state === "open" ? loaderData.status : undefined;
  return kind === "unsubscribe" ? (
    <MailLinkPage
      eyebrow="Newsletter"
      done={done || status === "unsubscribed"}
      texts={{
        ask: { title: "Unsubscribe", lead: `Stop sending newsletters to ${email}?`, button: "Unsubscribe" },
        done: {
          title: "You are unsubscribed",
          lead: `No more newsletters will be sent to ${email}.`,
          back: "Back to the gallery",
        },
      }}
    />
  ) : (
    <MailLinkPage
      eyebrow="Newsletter"
      done={done || status === "confirmed"}
      texts={{
        ask: {
          title: "Confirm your subscription",
          lead: `Send news of new work to ${email}?`,
          button: "Confirm my subscription",
        },
        done: {
          title: "You are subscribed",
          lead: `News of new work will come to ${email}. Every e-mail has a link to unsubscribe.`,
          back: "See the gallery",
        },
      }}
    />
  );
}
