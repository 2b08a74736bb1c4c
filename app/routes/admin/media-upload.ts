// POST /admin/media: one image per request (the raw file as the body, sent by XMLHttpRequest so the page can
// show upload progress). Answers the stored asset, or 4xx/503 with the reason; a refused file stores nothing.
import { data } from "react-router";
import type { Route } from "./+types/media-upload";
import { requireAdmin } from "~/modules/auth/session.server";
import { refuse } from "~/modules/forms/submission.server";
import { ingestUpload } from "~/modules/media/media.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  throw data({ error: "Send the image with POST." }, { status: 405, headers: { allow: "POST" } });
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  if (request.method !== "POST")
    throw data({ error: "Send the image with POST." }, { status: 405, headers: { allow: "POST" } });
  const result = await ingestUpload(request);
  return result.ok ? { ok: true as const, image: result.image } : refuse(result.error, result.status);
}
