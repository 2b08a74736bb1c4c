// POST /artwork/:id/hold: "Ask to hold this work" (docs/shop.md "Holds"). The artwork page's form posts here
// (never to the cached page); with JavaScript the answer shows beside the form, without it on this page, which
// after a refusal the visitor can put right (a field, a minute's wait) shows the form again with what was typed.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/hold-request";
import { HoldRequestFields } from "~/components/site/hold-request-form";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import type { ActionResult } from "~/lib/action-result";
import { privatePageMeta } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { keptThroughOutage, readSubmission, refuse, typedValues } from "~/modules/forms/submission.server";
import { hitConnectionAndAddress, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { HoldRequestSchema, requestHold } from "~/modules/shop/holds.server";

/** A refusal no second try can change: the page says it without the form. */
const NO_LONGER_HOLDABLE = "This work can no longer be held: it has just been reserved, put on hold or sold.";

const THANKS =
  "Thank you. Your request is with the artist: you will get an e-mail when it is approved, with a link to buy the work.";

/** An address that names no work in the form a work's id takes: 404, before anything is read or counted. */
function workIdOr404(id: string): string {
  if (!isUuid(id)) throw data("Artwork not found", { status: 404 });
  return id;
}

export function loader({ params }: Route.LoaderArgs) {
  return data({ artworkId: workIdOr404(params.id) }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const artworkId = workIdOr404(params.id);
  const submission = await readSubmission(request, HoldRequestSchema);
  if (!submission.ok) return refuse(submission.failure);
  const values = typedValues(submission.form);
  // The database out of reach: asked to send it again, what was typed kept. Sent again, it is one request (the
  // same address asking for the same work while its request waits gets that request).
  return keptThroughOutage(
    submission.form,
    "Your request could not be sent just now. Please send it again in a minute: what you wrote is kept.",
    async () => {
      // Per connection and per address typed: nobody floods the artist's bell or a stranger's inbox.
      const limited = await hitConnectionAndAddress(
        "hold",
        { clientIp: context.clientIp, email: submission.value.email },
        { ip: RATE_LIMITS.holdRequest, email: RATE_LIMITS.holdRequestEmail },
      );
      if (limited)
        return refuse(
          { ok: false, error: "Too many requests from here just now. Please try again later.", values },
          429,
          retryAfter(limited),
        );
      const result = await requestHold(artworkId, submission.value);
      if (!result.ok) return refuse({ ok: false, error: NO_LONGER_HOLDABLE, values }, 409);
      return { ok: true, message: THANKS } satisfies ActionResult<{ message: string }>;
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Ask to hold a work");

export default function HoldRequest({ loaderData, actionData }: Route.ComponentProps) {
  const back = (
    <Link to={paths.artwork(loaderData.artworkId)} className={buttonClass("secondary")}>
      Back to the work
    </Link>
  );
  if (actionData?.ok)
    return (
      <PageIntro eyebrow="Hold" title="Request sent" lead={actionData.message}>
        {back}
      </PageIntro>
    );
  const problem = actionData && !actionData.ok ? actionData : undefined;
  if (problem && problem.error !== NO_LONGER_HOLDABLE)
    return (
      <PageIntro
        eyebrow="Hold"
        title="The request was not sent"
        lead={problem.fieldErrors ? "Please check the fields below." : "What you wrote is kept below."}
      >
        <Form method="post" className="max-w-md space-y-4" noValidate>
          <HoldRequestFields result={problem} busy={false} />
        </Form>
        <p className="mt-8">
          <Link to={paths.artwork(loaderData.artworkId)} className="underline underline-offset-4">
            Back to the work
          </Link>
        </p>
      </PageIntro>
    );
  return (
    <PageIntro
      eyebrow="Hold"
      title={problem ? "The request was not sent" : "Ask to hold a work"}
      lead={problem?.error ?? "Use the form on the work's page to ask the artist to hold it for you."}
    >
      {back}
    </PageIntro>
  );
}
