// Policies (/admin/policies): the Privacy, Terms and Shipping pages in Markdown. Each starts as a default
// written from the shop's settings (pickup, shipping regions and prices, tax, how long an order holds a
// work), so it never contradicts checkout; the artist can rewrite it, and Reset to default goes back to
// following the settings (docs/admin.md "Policies").
import { ExternalLink } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/policies";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { loadPolicy, POLICY_KEYS, resetPolicy, savePolicy } from "~/modules/content/policies.server";
import { NOT_UNDERSTOOD, parseSubmission, readFormData, refuse } from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { policies: await Promise.all(POLICY_KEYS.map((key) => loadPolicy(key))) };
}

const Intent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    key: z.enum(POLICY_KEYS),
    markdown: z.string().max(20_000, "Keep a policy under 20,000 characters."),
  }),
  z.object({ intent: z.literal("reset"), key: z.enum(POLICY_KEYS) }),
]);

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const form = await readFormData(request);
  // Each policy is a form of its own: a refusal names it (as `intent`), so only its editor shows the error.
  const key = form.get("key");
  const submission = parseSubmission(form, Intent, { intent: typeof key === "string" ? key : undefined });
  if (!submission.ok) {
    const markdown = submission.failure.fieldErrors?.markdown;
    return refuse(markdown ? { ...submission.failure, error: markdown, fieldErrors: { markdown } } : NOT_UNDERSTOOD);
  }
  const input = submission.value;
  if (input.intent === "reset") {
    await resetPolicy(input.key);
    return { ok: true, message: "Back to the default, written from your settings." };
  }
  await savePolicy(input.key, input.markdown);
  return { ok: true, message: "Saved. The page shows it now." };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not save the policy");
}

export const meta: Route.MetaFunction = () => adminMeta("Policies");

const PUBLIC_PATH = { privacy: "/privacy", terms: "/terms", shipping: "/shipping" } as const;

export default function Policies({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busyKey = navigation.formData?.get("key");
  return (
    <>
      <AdminPageHeader
        title="Policies"
        description="The Privacy, Terms and Shipping pages linked from every page's footer. Until you change one, it is written from your shop settings (pickup, shipping regions and prices, tax, how long an order holds a work), so it always matches checkout."
      />
      <div className="space-y-6">
        {loaderData.policies.map((policy) => {
          const error = formState(actionData, policy.key).fieldErrors.markdown;
          const saving = navigation.state === "submitting" && busyKey === policy.key;
          return (
            <Panel
              key={policy.key}
              title={policy.title}
              description={policy.custom ? "Your own text." : "The default, written from your shop settings."}
              actions={
                <Link to={PUBLIC_PATH[policy.key]} className={buttonClass("secondary", "sm")}>
                  <ExternalLink aria-hidden className="size-4" /> View {PUBLIC_PATH[policy.key]}
                </Link>
              }
              className="space-y-4 p-5"
            >
              <Form method="post" className="space-y-4">
                <input type="hidden" name="key" value={policy.key} />
                <MarkdownEditor
                  // A new text from the server (saved, reset, or the settings changed) starts the editor afresh.
                  key={policy.markdown}
                  name="markdown"
                  label={`${policy.title} text`}
                  defaultValue={policy.markdown}
                  error={error}
                  rows={12}
                />
                <div className="flex flex-wrap justify-end gap-2">
                  {policy.custom ? (
                    <Button type="submit" name="intent" value="reset" variant="secondary" size="sm">
                      Reset to default
                    </Button>
                  ) : null}
                  <Button type="submit" name="intent" value="save" size="sm" busy={saving} busyLabel="Saving…">
                    {`Save ${policy.title}`}
                  </Button>
                </div>
              </Form>
            </Panel>
          );
        })}
      </div>
      <p className="text-muted mt-6 text-sm">
        Shipping regions, pickup and tax are the shop's own settings:{" "}
        <Link to={adminPaths.settings("shop")} className="underline underline-offset-4">
          change the shop's rules
        </Link>
        .
      </p>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
