// POST /alerts: "Tell me about new works" (shop) and "Tell me if this becomes available" (a sold or on-hold
// work). Double opt-in: the same words whether the address is new or already subscribed (nobody learns who is).
import { data, Link } from "react-router";
import type { Route } from "./+types/work-alerts";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import type { ActionResult } from "~/lib/action-result";
import { privatePageMeta } from "~/lib/seo";
import { AlertSubscribeSchema, subscribeAlert } from "~/modules/alerts/alerts.server";
import { firstMessage, readSubmission, refuse } from "~/modules/forms/submission.server";
import { answerSignUp } from "~/modules/mail/opt-in.server";
import { RATE_LIMITS } from "~/modules/security/rate-limit.server";

const THANKS = "Thank you. Check your inbox and confirm: we will write only then.";

export function loader() {
  return data(null, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, AlertSubscribeSchema);
  // The page has room for one sentence: the first field's message.
  if (!submission.ok) return refuse({ ...submission.failure, error: firstMessage(submission.failure) });
  return answerSignUp(
    submission.form,
    { scope: "alerts", clientIp: context.clientIp, email: submission.value.email },
    { ip: RATE_LIMITS.workAlert, email: RATE_LIMITS.workAlertEmail },
    async () => {
      const outcome = await subscribeAlert(submission.value);
      if (outcome === "no-such-work") return refuse("This work is no longer shown.", 404);
      return { ok: true, message: THANKS } satisfies ActionResult<{ message: string }>;
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Notify me");

export default function WorkAlerts({ actionData }: Route.ComponentProps) {
  return (
    <PageIntro
      eyebrow="Notify me"
      title={actionData?.ok ? "Almost done" : actionData ? "Not subscribed" : "Notify me"}
      lead={
        actionData
          ? actionData.ok
            ? actionData.message
            : actionData.error
          : "Use the form on the shop or a work's page."
      }
    >
      <Link to={paths.shop()} className={buttonClass("secondary")}>
        Back to the shop
      </Link>
    </PageIntro>
  );
}
