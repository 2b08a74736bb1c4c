// The newsletter's two links, no sign-in (docs/inquiries.md "Newsletter"): /newsletter/confirm?token=… (the
// double opt-in) and /newsletter/unsubscribe?token=… (in every issue). Opening a link shows a page with one
// button, so a mail scanner that follows links changes nothing; the unsubscribe link also takes RFC 8058's
// one-click POST (`List-Unsubscribe=One-Click`) that mail clients send. Never cached, never indexed.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter-link";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { paths } from "~/lib/paths";
import { ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { confirmSubscription, subscriberForLink, unsubscribeByToken } from "~/modules/inbox/newsletter.server";
import { readFormData } from "~/modules/forms/submission.server";

type Kind = "confirm" | "unsubscribe";
const kindOf = (request: Request): Kind =>
  new URL(request.url).pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm";
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

const INVALID = "This link is not valid. It may have been copied only in part: open it from the e-mail again.";

export async function loader({ request }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const subscriber = await subscriberForLink(kind, tokenOf(request));
  if (!subscriber) throw data({ message: INVALID }, { status: 404, headers: { "cache-control": "no-store" } });
  return data({ kind, ...subscriber, done: false }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const kind = kindOf(request);
  await readFormData(request); // the page's button, or List-Unsubscribe=One-Click from a mail client
  const token = tokenOf(request);
  const row = kind === "confirm" ? await confirmSubscription(token) : await unsubscribeByToken(token);
  if (!row) throw data({ message: INVALID }, { status: 404 });
  return { kind, email: row.email, done: true };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      loaderData?.kind === "unsubscribe" ? "Unsubscribe" : "Confirm your subscription",
      siteFromMatches(matches)?.siteTitle,
    ),
  },
  { name: "robots", content: ROBOTS_NOINDEX },
];

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const done = actionData?.done ?? false;
  const { kind, email, status } = loaderData;
  if (kind === "unsubscribe") {
    return done || status === "unsubscribed" ? (
      <PageIntro
        eyebrow="Newsletter"
        title="You are unsubscribed"
        lead={`No more newsletters will be sent to ${email}.`}
      >
        <Link to={paths.gallery()} className={buttonClass("secondary")}>
          Back to the gallery
        </Link>
      </PageIntro>
    ) : (
      <PageIntro eyebrow="Newsletter" title="Unsubscribe" lead={`Stop sending newsletters to ${email}?`}>
        <Form method="post">
          <button type="submit" className={buttonClass("primary")} disabled={navigation.state !== "idle"}>
            Unsubscribe
          </button>
        </Form>
      </PageIntro>
    );
  }
  return done || status === "confirmed" ? (
    <PageIntro
      eyebrow="Newsletter"
      title="You are subscribed"
      lead={`News of new work will come to ${email}. Every e-mail has a link to unsubscribe.`}
    >
      <Link to={paths.gallery()} className={buttonClass("secondary")}>
        See the gallery
      </Link>
    </PageIntro>
  ) : (
    <PageIntro eyebrow="Newsletter" title="Confirm your subscription" lead={`Send news of new work to ${email}?`}>
      <Form method="post">
        <button type="submit" className={buttonClass("primary")} disabled={navigation.state !== "idle"}>
          Confirm my subscription
        </button>
      </Form>
    </PageIntro>
  );
}
