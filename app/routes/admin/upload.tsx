// Artwork Upload (/admin/upload): drop many images, watch each upload, then describe and create each work.
// Images go to /admin/media one by one (validated, stored only when valid); this action creates the artworks.
import type { Route } from "./+types/upload";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { UploadQueue } from "~/components/admin/upload-queue";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { createArtworkFromUpload, findImage } from "~/modules/catalog/admin-catalog.server";
import { ArtworkInput } from "~/modules/catalog/artwork-input";
import { readSubmission, refuse } from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await readSubmission(request, ArtworkInput);
  if (!submission.ok) return refuse(submission.failure);
  const imageId = submission.form.get("imageId");
  const image = typeof imageId === "string" && isUuid(imageId) ? await findImage(imageId) : undefined;
  if (!image) return refuse("The image of this work is missing. Upload it again.");
  const created = await createArtworkFromUpload(submission.value, image);
  return { ok: true as const, artwork: { id: created.id, title: submission.value.title } };
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
