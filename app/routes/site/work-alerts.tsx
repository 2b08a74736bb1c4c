// POST /alerts: "Tell me about new works" (shop) and "Tell me if this becomes available" (a sold or on-hold
// work). Double opt-in: the same words whether the address is new or already subscribed (nobody learns who is).
import { data, Link } from "react-router";
import type { Route } from "./+types/work-alerts";
import { PageIntro } from "~/components/site/page-intro";
import { buttonClass } from "~/components/ui/button";
import { paths } from "~/lib/paths";
import { formText } from "~/lib/form-data";
import type { ActionResult } from "~/lib/action-result";
import { privatePageMeta } from "~/lib/seo";
import { AlertSubscribeSchema, subscribeAlert } from "~/modules/alerts/alerts.server";
import { readFormData } from "~/modules/forms/submission.server";
import { hitConnectionAndAddress, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";

const THANKS = "Thank you. Check your inbox and confirm: we will write only then.";

export function loader() {
  return data(null, { headers: { "cache-control": "no-store" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const email = formText(form, "email", 2_000);
  const parsed = AlertSubscribeSchema.safeParse({ email, artworkId: form.get("artworkId") ?? undefined });
  if (!parsed.success)
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: parsed.error.issues[0]?.message ?? "Enter a valid email address.", values: { email } },
      { status: 400 },
    );
  const limited = await hitConnectionAndAddress(
    "alerts",
    { clientIp: context.clientIp, email: parsed.data.email },
    { ip: RATE_LIMITS.workAlert, email: RATE_LIMITS.workAlertEmail },
  );
  if (limited)
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: "Too many sign-ups from here just now. Please try again later.", values: { email } },
      { status: 429, headers: retryAfter(limited) },
    );
  const outcome = await subscribeAlert(parsed.data);
  if (outcome === "no-such-work")
    return data<ActionResult<{ message: string }>>(
      { ok: false, error: "This work is no longer shown." },
      { status: 404 },
    );
  return data<ActionResult<{ message: string }>>({ ok: true, message: THANKS });
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
