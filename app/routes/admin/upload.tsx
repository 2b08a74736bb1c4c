// Artwork Upload (/admin/upload): drop many images, watch each upload, then describe and create each work.
// Images go to /admin/media one by one (validated, stored only when valid); this action creates the artworks.
import { data } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/upload";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { UploadQueue } from "~/components/admin/upload-queue";
import { requireAdmin } from "~/modules/auth/session.server";
import { createArtworkFromUpload, findImage } from "~/modules/catalog/admin-catalog.server";
import { parseArtworkForm } from "~/modules/catalog/artwork-input";
import { readFormData } from "~/modules/security/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = parseArtworkForm(form);
  const imageId = z.uuid().safeParse(form.get("imageId"));
  const image = imageId.success ? await findImage(imageId.data) : undefined;
  if (!parsed.ok) return data({ ok: false as const, errors: parsed.errors }, 400);
  if (!image) {
    return data({ ok: false as const, errors: {}, error: "The image of this work is missing. Upload it again." }, 400);
  }
  const created = await createArtworkFromUpload(parsed.values, image);
  return { ok: true as const, artwork: { id: created.id, title: parsed.values.title } };
}

export const meta: Route.MetaFunction = () => adminMeta("Artwork Upload");

export default function UploadPage() {
  return (
    <>
      <AdminPageHeader
        title="Artwork Upload"
        description="Drop any number of images; each one uploads on its own and becomes a work once you describe it. New works come first in the gallery until you reorder them."
      />
      <UploadQueue />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
