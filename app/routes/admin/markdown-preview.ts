// POST /admin/markdown-preview: Markdown rendered and sanitized exactly as the public pages do (editor preview).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/markdown-preview";
import { requireAdmin } from "~/modules/auth/session.server";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { readSubmission, refuse } from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data({ error: "Send the Markdown with POST." }, { status: 405, headers: { allow: "POST" } });
}

const Input = z.object({ markdown: z.string().max(100_000) });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await readSubmission(request, Input);
  if (!submission.ok) return refuse("The text is too long to preview.");
  return { ok: true as const, html: renderMarkdown(submission.value.markdown) };
}
