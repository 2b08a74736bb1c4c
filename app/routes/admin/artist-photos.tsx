// Upload Photos (/admin/artist-photos): photos of the artist and the studio, stored under the artist-photo
// folder with alt text (required), a caption, a place in the order, and where they are featured.
import { Upload } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/artist-photos";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { Field, TextField } from "~/components/admin/field";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard, adminInput, adminTextarea } from "~/components/admin/ui";
import { adminPaths } from "~/lib/admin-paths";
import { formText } from "~/lib/form-data";
import { requireAdmin } from "~/modules/auth/session.server";
import { ArtistPhotoFields, listArtistPhotosForAdmin, uploadArtistPhoto } from "~/modules/content/artist-photos.server";
import { issuesByField } from "~/modules/content/section-form";
import { MAX_UPLOAD_BYTES, MediaError } from "~/modules/media/media.server";
import { readFormData } from "~/modules/security/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const photos = await listArtistPhotosForAdmin();
  return {
    count: photos.length,
    recent: [...photos]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, 6)
      .map((p) => ({ id: p.id, altText: p.altText, image: p.image })),
  };
}

type UploadResult = { ok: true; message: string } | { ok: false; error: string; fieldErrors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const file = form.get("photo");
  const order = formText(form, "displayOrder").trim();
  const parsed = ArtistPhotoFields.omit({ displayOrder: true })
    .extend({ displayOrder: ArtistPhotoFields.shape.displayOrder.optional() })
    .safeParse({
      altText: form.get("altText") ?? "",
      caption: form.get("caption") ?? "",
      displayOrder: order === "" ? undefined : order,
      isFeaturedHomepage: form.get("isFeaturedHomepage") === "on",
      isFeaturedAbout: form.get("isFeaturedAbout") === "on",
    });
  const fieldErrors = parsed.success ? {} : issuesByField(parsed.error);
  if (!(file instanceof File) || file.size === 0) fieldErrors.photo = "Choose a photo.";
  else if (file.size > MAX_UPLOAD_BYTES)
    fieldErrors.photo = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`;
  if (!parsed.success || Object.keys(fieldErrors).length > 0 || !(file instanceof File))
    return data<UploadResult>({ ok: false, error: "Some fields need attention.", fieldErrors });
  try {
    const photo = await uploadArtistPhoto({
      bytes: Buffer.from(await file.arrayBuffer()),
      fileName: file.name,
      ...parsed.data,
    });
    return data<UploadResult>({ ok: true, message: `Uploaded as ${photo.filePath}.` });
  } catch (error) {
    if (!(error instanceof MediaError)) throw error;
    return data<UploadResult>({ ok: false, error: error.message, fieldErrors: { photo: error.message } });
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not upload the photo");
}

export const meta: Route.MetaFunction = () => adminMeta("Upload Photos");

export default function UploadPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting";
  const errors: Record<string, string> =
    actionData && !actionData.ok && "fieldErrors" in actionData ? actionData.fieldErrors : {};
  // After a successful upload the form starts empty again (a new key remounts it).
  const formKey = actionData?.ok ? actionData.message : "form";
  return (
    <>
      <AdminPageHeader
        title="Upload Photos"
        description="Photos of the artist and the studio for the home page's statement and the about page."
        actions={
          <Link to={adminPaths.managePhotos()} className={adminButton.secondary}>
            Manage photos ({loaderData.count})
          </Link>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <Form
          key={formKey}
          method="post"
          encType="multipart/form-data"
          noValidate
          className={`${adminCard} space-y-4 p-5 lg:col-span-2`}
        >
          <Field label="Photo (JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF; 25 MB at most)" error={errors.photo}>
            {(props) => (
              <input
                {...props}
                type="file"
                name="photo"
                accept="image/*"
                required
                className={`${adminInput} file:bg-paper-deep h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:px-3 file:py-1 file:text-sm`}
              />
            )}
          </Field>
          <TextField
            label="Alt text (required)"
            name="altText"
            error={errors.altText}
            hint="What the photo shows, for people who cannot see it: “The artist at her easel in the studio”."
            maxLength={300}
            required
          />
          <Field label="Caption" error={errors.caption} hint="Shown under the photo.">
            {(props) => <textarea {...props} name="caption" rows={2} maxLength={500} className={adminTextarea} />}
          </Field>
          <TextField
            label="Display order"
            name="displayOrder"
            inputMode="numeric"
            error={errors.displayOrder}
            hint="0 comes first. Empty puts it last."
            className="max-w-48"
          />
          <fieldset className="space-y-2">
            <legend className="text-ink-soft mb-1 text-xs font-medium">Featured on</legend>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isFeaturedHomepage" className="size-4" /> The home page (the artist
              statement's portrait)
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name="isFeaturedAbout" defaultChecked className="size-4" /> The about page
            </label>
          </fieldset>
          <button type="submit" className={adminButton.primary} disabled={uploading}>
            <Upload aria-hidden className="size-4" /> {uploading ? "Uploading…" : "Upload photo"}
          </button>
        </Form>
        <section aria-labelledby="recent-photos" className={`${adminCard} p-5`}>
          <h2 id="recent-photos" className="font-serif text-xl">
            Latest uploads
          </h2>
          {loaderData.recent.length === 0 ? (
            <p className="text-muted mt-2 text-sm">No artist photos yet.</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {loaderData.recent.map((photo) => (
                <li key={photo.id} className="flex items-center gap-3 text-sm">
                  <Thumb image={photo.image} size={48} />
                  <span className="min-w-0 flex-1 truncate">{photo.altText}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
