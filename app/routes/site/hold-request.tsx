// POST /artwork/:id/hold: "Ask to hold this work" (docs/shop.md "Holds"). The artwork page's form posts here
// (never to the cached page); with JavaScript the answer shows beside the form, without it on this page.
import { data, Link } from "react-router";
import type { Route } from "./+types/hold-request";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { formText } from "~/lib/form-data";
import type { ActionResult } from "~/lib/action-result";
import { privatePageMeta } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { readFormData } from "~/modules/forms/submission.server";
import { hitConnectionAndAddress, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { HoldRequestSchema, requestHold } from "~/modules/shop/holds.server";

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
  const form = await readFormData(request);
  const values = {
    name: formText(form, "name", 2_000),
    email: formText(form, "email", 2_000),
    note: formText(form, "note", 2_000),
  };
  const parsed = HoldRequestSchema.safeParse(values);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: "Please correct the fields marked.", fieldErrors, values },
      { status: 400 },
    );
  }
  // Per connection and per address typed: nobody floods the artist's bell or a stranger's inbox.
  const limited = await hitConnectionAndAddress(
    "hold",
    { clientIp: context.clientIp, email: parsed.data.email },
    { ip: RATE_LIMITS.holdRequest, email: RATE_LIMITS.holdRequestEmail },
  );
  if (limited)
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: "Too many requests from here just now. Please try again later.", values },
      { status: 429, headers: retryAfter(limited) },
    );
  const result = await requestHold(artworkId, parsed.data);
  if (!result.ok)
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: "This work can no longer be held: it has just been reserved, put on hold or sold.", values },
      { status: 409 },
    );
  return data<ActionResult<{ message: string }>>({ ok: true, message: THANKS });
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
  const detail = problem?.fieldErrors ? Object.values(problem.fieldErrors).join(" ") : problem?.error;
  return (
    <PageIntro
      eyebrow="Hold"
      title={problem ? "The request was not sent" : "Ask to hold a work"}
      lead={detail ?? "Use the form on the work's page to ask the artist to hold it for you."}
    >
      {back}
    </PageIntro>
  );
}
