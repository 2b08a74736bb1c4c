// Upload Photos (/admin/artist-photos): photos of the artist and the studio, stored under the artist-photo
// folder with alt text (required), a caption, a place in the order, and where they are featured.
import { Upload } from "lucide-react";
import { Form } from "react-router";
import { z } from "zod";
import { formState } from "~/lib/action-result";
import type { Route } from "./+types/artist-photos";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { Thumb } from "~/components/admin/thumb";
import { cardClass, Panel } from "~/components/ui/card";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { FileField } from "~/components/ui/file-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminPaths } from "~/lib/admin-paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { ArtistPhotoFields, listArtistPhotosForAdmin, uploadArtistPhoto } from "~/modules/content/artist-photos.server";
import { contentIssueMessage } from "~/modules/content/section-form";
import { readSubmission, refuse } from "~/modules/forms/submission.server";
import { isStoreUnavailable, MAX_UPLOAD_BYTES, MediaError, STORE_UNAVAILABLE } from "~/modules/media/media.server";

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

const ticked = z.preprocess((v) => v === "on", z.boolean());
const text = <T extends z.ZodType>(schema: T) => z.preprocess((v) => v ?? "", schema);

/** The upload form: the photo and its fields (an empty display order puts it last). */
const PhotoUpload = ArtistPhotoFields.extend({
  photo: z
    .instanceof(File, { message: "Choose a photo." })
    .refine((file) => file.size > 0, "Choose a photo.")
    .refine((file) => file.size <= MAX_UPLOAD_BYTES, `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB.`),
  altText: text(ArtistPhotoFields.shape.altText),
  caption: text(ArtistPhotoFields.shape.caption),
  displayOrder: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    ArtistPhotoFields.shape.displayOrder.optional(),
  ),
  isFeaturedHomepage: ticked,
  isFeaturedAbout: ticked,
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const submission = await readSubmission(request, PhotoUpload, { message: contentIssueMessage });
  if (!submission.ok) return refuse(submission.failure);
  const { photo, ...fields } = submission.value;
  try {
    const uploaded = await uploadArtistPhoto({
      bytes: Buffer.from(await photo.arrayBuffer()),
      fileName: photo.name,
      ...fields,
    });
    return { ok: true as const, message: `Uploaded as ${uploaded.filePath}.` };
  } catch (error) {
    if (isStoreUnavailable(error, "artist photo upload")) return refuse({ ok: false, error: STORE_UNAVAILABLE }, 503);
    if (!(error instanceof MediaError)) throw error;
    return refuse({ ok: false, error: error.message, fieldErrors: { photo: error.message } });
  }
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not upload the photo");
}

export const meta: Route.MetaFunction = () => adminMeta("Upload Photos");

export default function UploadPhotos({ loaderData, actionData }: Route.ComponentProps) {
  const { fieldErrors: errors, field } = formState(actionData);
  // After a successful upload the form starts empty again (a new key remounts it).
  const formKey = actionData?.ok ? actionData.message : "form";
  return (
    <>
      <AdminPageHeader
        title="Upload Photos"
        description="Photos of the artist and the studio for the home page's statement and the about page."
        link={{ to: adminPaths.managePhotos(), label: `All photos (${loaderData.count})`, variant: "secondary" }}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Form
          key={formKey}
          method="post"
          encType="multipart/form-data"
          noValidate
          className={`${cardClass} space-y-4 p-5 lg:col-span-2`}
        >
          <FileField
            label="Photo (JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF; 25 MB at most)"
            error={errors.photo}
            name="photo"
            accept="image/*"
            required
          />
          <TextField
            label="Alt text"
            requiredMark
            {...field("altText")}
            hint="What the photo shows, for people who cannot see it: “The artist at her easel in the studio”."
            maxLength={300}
            required
          />
          <TextAreaField label="Caption" {...field("caption")} hint="Shown under the photo." rows={2} maxLength={500} />
          <TextField
            label="Display order"
            {...field("displayOrder")}
            inputMode="numeric"
            hint="0 comes first. Empty puts it last."
            className="max-w-48"
          />
          <fieldset className="space-y-2">
            <legend className="text-ink-soft mb-1 text-xs font-medium">Featured on</legend>
            <CheckboxField name="isFeaturedHomepage" label="The home page (the artist statement's portrait)" />
            <CheckboxField name="isFeaturedAbout" defaultChecked label="The about page" />
          </fieldset>
          <SubmitButton
            size="sm"
            busyLabel={
              <>
                <Upload aria-hidden className="size-4" /> Uploading…
              </>
            }
          >
            <Upload aria-hidden className="size-4" /> Upload photo
          </SubmitButton>
        </Form>
        <Panel title="Latest uploads">
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
        </Panel>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
