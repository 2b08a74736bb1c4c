// POST /alerts: "Tell me about new works" (shop) and "Tell me if this becomes available" (a sold or on-hold
// work). Double opt-in: the same words whether the address is new or already subscribed (nobody learns who is).
// With JavaScript the answer shows beside the form; without it on this page, with the form again after a refusal
// the visitor can put right (a mistyped address, the rate limit, the database out of reach).
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/work-alerts";
import { EmailSignupFields } from "~/components/site/email-signup-fields";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { formState, type ActionResult } from "~/lib/action-result";
import { privatePageMeta } from "~/lib/seo";
import { AlertSubscribeSchema, subscribeAlert } from "~/modules/alerts/alerts.server";
import { firstMessage, readSubmission, refuse } from "~/modules/forms/submission.server";
import { answerSignUp } from "~/modules/mail/opt-in.server";
import { RATE_LIMITS } from "~/modules/security/rate-limit.server";

const THANKS = "Thank you. Check your inbox and confirm: we will write only then.";
/** A refusal no second try can change: the page says it without the form. */
const NO_SUCH_WORK = "This work is no longer shown.";

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
      if (outcome === "no-such-work") return refuse(NO_SUCH_WORK, 404);
      return { ok: true, message: THANKS } satisfies ActionResult<{ message: string }>;
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Notify me");

export default function WorkAlerts({ actionData }: Route.ComponentProps) {
  const back = (
    <Link to={paths.shop()} className={buttonClass("secondary")}>
      Back to the shop
    </Link>
  );
  if (actionData && !actionData.ok && actionData.error !== NO_SUCH_WORK) {
    const { values } = formState(actionData);
    return (
      <PageIntro
        eyebrow="Notify me"
        title="Not subscribed"
        lead={actionData.fieldErrors ? "Please check the address below." : "What you typed is kept below."}
      >
        <Form method="post" action={paths.workAlerts()} className="flex max-w-md flex-col gap-2" noValidate>
          {values.artworkId ? <input type="hidden" name="artworkId" value={values.artworkId} /> : null}
          <EmailSignupFields
            id="alert-email"
            result={actionData}
            busy={false}
            submit="Notify me"
            buttonClassName={buttonClass("secondary")}
            defaultValue={values.email}
          />
        </Form>
        <div className="mt-8">{back}</div>
      </PageIntro>
    );
  }
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
      {back}
    </PageIntro>
  );
}
