// The links of "Notify me" mails, no sign-in: /alerts/confirm?token=… (the double opt-in) and
// /alerts/unsubscribe?token=… (in every alert). As the newsletter's: opening shows one button (a mail scanner
// following links changes nothing); unsubscribe also takes RFC 8058's one-click POST. Never cached or indexed.
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/work-alert-link";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { pageTitle } from "~/lib/meta";
import { paths } from "~/lib/paths";
import { ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { alertForLink, confirmAlert, unsubscribeAlert } from "~/modules/alerts/alerts.server";
import { readFormData } from "~/modules/forms/submission.server";

type Kind = "confirm" | "unsubscribe";
const kindOf = (request: Request): Kind =>
  new URL(request.url).pathname.endsWith("/unsubscribe") ? "unsubscribe" : "confirm";
const tokenOf = (request: Request) => new URL(request.url).searchParams.get("token");

const INVALID = "This link is not valid. It may have been copied only in part: open it from the e-mail again.";

export async function loader({ request }: Route.LoaderArgs) {
  const kind = kindOf(request);
  const alert = await alertForLink(kind, tokenOf(request));
  if (!alert) throw data({ message: INVALID }, { status: 404, headers: { "cache-control": "no-store" } });
  return data({ kind, ...alert }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request }: Route.ActionArgs) {
  const kind = kindOf(request);
  await readFormData(request); // the page's button, or List-Unsubscribe=One-Click from a mail client
  const token = tokenOf(request);
  const row = kind === "confirm" ? await confirmAlert(token) : await unsubscribeAlert(token);
  if (!row) throw data({ message: INVALID }, { status: 404 });
  return { done: true };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => [
  {
    title: pageTitle(
      loaderData?.kind === "unsubscribe" ? "Unsubscribe" : "Confirm",
      siteFromMatches(matches)?.siteTitle,
    ),
  },
  { name: "robots", content: ROBOTS_NOINDEX },
];

export default function WorkAlertLink({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const done = actionData?.done ?? false;
  const { kind, email, title, status } = loaderData;
  const about = title ? `when “${title}” becomes available` : "about new works";
  if (kind === "unsubscribe")
    return done || status === "unsubscribed" ? (
      <PageIntro
        eyebrow="Notify me"
        title="You are unsubscribed"
        lead={`Nothing more will be sent to ${email} ${about}.`}
      >
        <Link to={paths.gallery()} className={buttonClass("secondary")}>
          Back to the gallery
        </Link>
      </PageIntro>
    ) : (
      <PageIntro eyebrow="Notify me" title="Unsubscribe" lead={`Stop telling ${email} ${about}?`}>
        <Form method="post">
          <button type="submit" className={buttonClass("primary")} disabled={busy}>
            Unsubscribe
          </button>
        </Form>
      </PageIntro>
    );
  return done || status === "confirmed" ? (
    <PageIntro
      eyebrow="Notify me"
      title="You are subscribed"
      lead={`We will tell ${email} ${about}. Every e-mail has a link to unsubscribe.`}
    >
      <Link to={paths.gallery()} className={buttonClass("secondary")}>
        See the gallery
      </Link>
    </PageIntro>
  ) : (
    <PageIntro eyebrow="Notify me" title="Please confirm" lead={`Tell ${email} ${about}?`}>
      <Form method="post">
        <button type="submit" className={buttonClass("primary")} disabled={busy}>
          Confirm
        </button>
      </Form>
    </PageIntro>
  );
}
