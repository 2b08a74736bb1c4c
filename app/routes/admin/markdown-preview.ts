// POST /admin/markdown-preview: Markdown rendered and sanitized exactly as the public pages do (editor preview).
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/markdown-preview";
import { requireAdmin } from "~/modules/auth/session.server";
import { renderMarkdown } from "~/modules/content/markdown.server";
import { readFormData } from "~/modules/security/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data({ error: "Send the Markdown with POST." }, { status: 405 });
}

const Input = z.object({ markdown: z.string().max(100_000) });

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = Input.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data({ html: "", error: "The text is too long to preview." }, { status: 400 });
  return { html: renderMarkdown(parsed.data.markdown) };
}
