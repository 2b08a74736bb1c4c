// POST /newsletter: the footer's "Subscribe". With JavaScript the footer's fetcher shows the answer beside the
// box; without it (or pressed before the page has hydrated: submit buttons are left to the browser, decision
// 0014) the browser posts the form itself and this page answers, with the form again after a mistake.
// Double opt-in: the same words whether the address is new, waiting or already subscribed (nobody learns from
// this form who subscribes).
import { data, Form } from "react-router";
import type { Route } from "./+types/newsletter";
import { PageIntro } from "~/components/site/page-intro";
import { FormError, Notice } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/field";
import { formState, type ActionResult } from "~/lib/action-result";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { firstMessage, readSubmission, refuse } from "~/modules/forms/submission.server";
import { subscribe, SubscribeSchema } from "~/modules/inbox/newsletter.server";
import { answerSignUp } from "~/modules/mail/opt-in.server";
import { RATE_LIMITS } from "~/modules/security/rate-limit.server";

const SUBSCRIBE_THANKS = "Thank you. Check your inbox and confirm your subscription.";

export function loader() {
  return data(null, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const submission = await readSubmission(request, SubscribeSchema);
  if (!submission.ok) return refuse({ ...submission.failure, error: firstMessage(submission.failure) });
  const { email } = submission.value;
  return answerSignUp(
    submission.form,
    { scope: "newsletter", clientIp: context.clientIp, email },
    { ip: RATE_LIMITS.newsletter, email: RATE_LIMITS.newsletterEmail },
    async () => {
      await subscribe(email);
      return { ok: true, message: SUBSCRIBE_THANKS } satisfies ActionResult;
    },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Newsletter");

export default function Newsletter({ actionData }: Route.ComponentProps) {
  const { values } = formState(actionData);
  if (actionData?.ok)
    return (
      <PageIntro eyebrow="Newsletter" title="Almost done" lead={actionData.message ?? SUBSCRIBE_THANKS}>
        <a href={paths.gallery()} className="underline underline-offset-4">
          Back to the gallery
        </a>
      </PageIntro>
    );
  return (
    <PageIntro
      eyebrow="Newsletter"
      title={actionData ? "Not subscribed" : "Newsletter"}
      lead="New paintings, exhibitions and studio news, a few times a year."
    >
      <Form method="post" action={paths.newsletter()} className="max-w-md space-y-5">
        <FormError message={actionData?.error} />
        <TextField label="Email" name="email" type="email" required autoComplete="email" defaultValue={values.email} />
        <SubmitButton busyLabel="Subscribing…">Subscribe</SubmitButton>
        <Notice>We write only after you confirm by the link we send, and every letter has an unsubscribe link.</Notice>
      </Form>
    </PageIntro>
  );
}
