// Policies (/admin/policies): the Privacy, Terms and Shipping pages in Markdown. Each starts as a default
// written from the shop's settings (pickup, shipping regions and prices, tax, how long an order holds a
// work), so it never contradicts checkout; the artist can rewrite it, and Reset to default goes back to
// following the settings (docs/admin.md "Policies").
import { ExternalLink } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/policies";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { adminButton, adminCard } from "~/components/admin/ui";
import { adminPaths } from "~/lib/admin-paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { loadPolicy, POLICY_KEYS, resetPolicy, savePolicy } from "~/modules/content/policies.server";
import { readFormData } from "~/modules/security/form-data.server";

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

type Result = { ok: true; message: string } | { ok: false; error: string; key?: string; fieldError?: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = Object.fromEntries(await readFormData(request));
  const parsed = Intent.safeParse(form);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "markdown");
    return data<Result>(
      {
        ok: false,
        error: issue?.message ?? "That request was not understood.",
        key: typeof form.key === "string" ? form.key : undefined,
        fieldError: issue?.message,
      },
      { status: 400 },
    );
  }
  const input = parsed.data;
  if (input.intent === "reset") {
    await resetPolicy(input.key);
    return data<Result>({ ok: true, message: "Back to the default, written from your settings." });
  }
  await savePolicy(input.key, input.markdown);
  return data<Result>({ ok: true, message: "Saved. The page shows it now." });
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
          const headingId = `policy-${policy.key}-heading`;
          const refused = actionData && !actionData.ok && "key" in actionData ? actionData : undefined;
          const error = refused?.key === policy.key ? refused.fieldError : undefined;
          return (
            <section key={policy.key} aria-labelledby={headingId} className={`${adminCard} space-y-4 p-5`}>
              <div className="flex flex-wrap items-start justify-between gap-3">
                <div>
                  <h2 id={headingId} className="font-serif text-xl">
                    {policy.title}
                  </h2>
                  <p className="text-muted mt-1 text-sm">
                    {policy.custom ? "Your own text." : "The default, written from your shop settings."}
                  </p>
                </div>
                <Link to={PUBLIC_PATH[policy.key]} className={adminButton.secondary}>
                  <ExternalLink aria-hidden className="size-4" /> View {PUBLIC_PATH[policy.key]}
                </Link>
              </div>
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
                    <button type="submit" name="intent" value="reset" className={adminButton.secondary}>
                      Reset to default
                    </button>
                  ) : null}
                  <button
                    type="submit"
                    name="intent"
                    value="save"
                    className={adminButton.primary}
                    disabled={navigation.state === "submitting" && busyKey === policy.key}
                  >
                    {navigation.state === "submitting" && busyKey === policy.key ? "Saving…" : `Save ${policy.title}`}
                  </button>
                </div>
              </Form>
            </section>
          );
        })}
      </div>
      <p className="text-muted mt-6 text-sm">
        Shipping regions, pickup and tax are set in{" "}
        <Link to={adminPaths.settings()} className="underline underline-offset-4">
          Settings
        </Link>
        .
      </p>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
