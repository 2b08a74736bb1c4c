// Manage Photos (/admin/manage-photos): every artist photo in display order. Edit the alt text and caption,
// switch where it is featured, drag to reorder (display_order), delete. Switches and order are optimistic.
import { Upload } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import { DeleteIntent, flagIntent, ReorderIntent } from "~/components/admin/list-intents";
import { formState, type ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/manage-photos";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { SaveStatus, useSaveStatus } from "~/components/admin/content/save-status";
import { SortableList } from "~/components/ui/sortable-list";
import { FetcherSwitch } from "~/components/admin/content/switch";
import { DeleteIconButton } from "~/components/admin/delete-icon-button";
import { queuedCardChanges, useQueuedCards } from "~/components/admin/queued-cards";
import { Thumb } from "~/components/admin/thumb";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { TextAreaField, TextField } from "~/components/ui/field";
import { adminPaths } from "~/lib/admin-paths";
import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import type { ImageAsset } from "~/lib/media";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  ArtistPhotoFields,
  deleteArtistPhoto,
  listArtistPhotosForAdmin,
  PhotoGoneError,
  reorderArtistPhotos,
  updateArtistPhoto,
} from "~/modules/content/artist-photos.server";
import { contentIssueMessage } from "~/modules/content/section-form";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const photos = await listArtistPhotosForAdmin();
  return {
    photos: photos.map((p) => ({
      id: p.id,
      filePath: p.filePath,
      altText: p.altText,
      caption: p.caption ?? "",
      displayOrder: p.displayOrder,
      isFeaturedHomepage: p.isFeaturedHomepage,
      isFeaturedAbout: p.isFeaturedAbout,
      image: p.image,
    })),
  };
}

const Id = z.uuid();
const Intent = z.discriminatedUnion("intent", [
  ArtistPhotoFields.pick({ altText: true, caption: true }).extend({ intent: z.literal("save"), id: Id }),
  flagIntent(["isFeaturedHomepage", "isFeaturedAbout"]),
  ReorderIntent,
  DeleteIntent,
]);

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, Intent, { message: contentIssueMessage });
  if (!submission.ok) {
    // A photo's text is said beside its field; anything else was not typed by anyone.
    const { altText, caption } = submission.failure.fieldErrors ?? {};
    return altText || caption ? refuse(submission.failure) : refuse(NOT_UNDERSTOOD);
  }
  const input = submission.value;
  try {
    switch (input.intent) {
      case "save":
        await updateArtistPhoto(input.id, { altText: input.altText, caption: input.caption });
        return { ok: true, message: "Photo saved." };
      case "flag":
        await updateArtistPhoto(input.id, { [input.field]: input.value === "true" });
        return { ok: true };
      case "reorder":
        await reorderArtistPhotos(input.ids.split(","));
        return { ok: true };
      case "delete":
        await deleteArtistPhoto(input.id);
        return { ok: true, message: "Photo deleted from the site." };
    }
  } catch (error) {
    if (!(error instanceof PhotoGoneError)) throw error;
    return refuse(error.message, 404);
  }
}

/** The photos' switches and order, which may be changed offline. */
const PHOTO_CARDS = {
  table: "file_uploads",
  orderColumn: "display_order",
  switches: { is_featured_homepage: "isFeaturedHomepage", is_featured_about: "isFeaturedAbout" },
} as const;

export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the photo", {
    request,
    operations: queuedCardChanges(PHOTO_CARDS),
  });
}

export const shouldRevalidate = revalidateUnlessQueued;

export const meta: Route.MetaFunction = () => adminMeta("Manage Photos");

export default function ManagePhotos({ loaderData }: Route.ComponentProps) {
  // Changes waiting in the offline queue show as made.
  const { cards: shown, order, reorder } = useQueuedCards(loaderData.photos, PHOTO_CARDS);
  return (
    <>
      <AdminPageHeader
        title="Manage Photos"
        description="The artist photos in their order (drag to change it). The home page shows the first one featured there; the about page shows all featured there."
        link={{ to: adminPaths.artistPhotos(), label: "Add photos", icon: Upload, variant: "secondary" }}
      />
      {shown.length === 0 ? (
        <EmptyState>
          No artist photos yet.{" "}
          <Link to={adminPaths.artistPhotos()} className="underline underline-offset-4">
            Upload the first
          </Link>
        </EmptyState>
      ) : (
        <SortableList items={shown} itemName={(p) => `the photo “${p.altText}”`} onReorder={reorder}>
          {(photo, handle) => <PhotoCard photo={photo} handle={handle} position={order.indexOf(photo.id) + 1} />}
        </SortableList>
      )}
    </>
  );
}

function PhotoCard({
  photo,
  handle,
  position,
}: {
  photo: {
    id: string;
    filePath: string;
    altText: string;
    caption: string;
    isFeaturedHomepage: boolean;
    isFeaturedAbout: boolean;
    image: ImageAsset;
  };
  handle: ReactNode;
  position: number;
}) {
  const save = useFetcher<typeof action>();
  const remove = useFetcher<typeof action>();
  const status = useSaveStatus(save);
  const { fieldErrors: errors } = formState(save.data);
  return (
    <article
      aria-label={`Photo ${position}: ${photo.altText}`}
      className={`${cardClass} flex flex-col gap-4 p-3 sm:flex-row ${remove.state !== "idle" ? "opacity-50" : ""}`}
    >
      <div className="flex items-start gap-2">
        {handle}
        <Thumb image={photo.image} size={112} />
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-muted mb-2 text-xs">
          {position}. {photo.filePath}
        </p>
        <save.Form method="post" noValidate className="grid gap-3 md:grid-cols-2">
          <input type="hidden" name="intent" value="save" />
          <input type="hidden" name="id" value={photo.id} />
          <TextField
            label="Alt text"
            requiredMark
            name="altText"
            defaultValue={photo.altText}
            error={errors.altText}
            maxLength={300}
            required
          />
          <TextAreaField
            label="Caption"
            error={errors.caption}
            name="caption"
            rows={1}
            maxLength={500}
            defaultValue={photo.caption}
          />
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2 md:col-span-2">
            <FetcherSwitch
              label="On the home page"
              name="value"
              checked={photo.isFeaturedHomepage}
              hidden={{ intent: "flag", id: photo.id, field: "isFeaturedHomepage" }}
            />
            <FetcherSwitch
              label="On the about page"
              name="value"
              checked={photo.isFeaturedAbout}
              hidden={{ intent: "flag", id: photo.id, field: "isFeaturedAbout" }}
            />
            <span className="ml-auto flex items-center gap-2">
              <SaveStatus status={status} />
              <Button type="submit" variant="secondary" size="sm" disabled={save.state !== "idle"}>
                Save
              </Button>
              <DeletePhoto
                altText={photo.altText}
                onConfirm={() => void remove.submit({ intent: "delete", id: photo.id }, { method: "post" })}
              />
            </span>
          </div>
        </save.Form>
      </div>
    </article>
  );
}

function DeletePhoto({ altText, onConfirm }: { altText: string; onConfirm: () => void }) {
  return (
    <ConfirmDialog
      trigger={<DeleteIconButton label={`Delete the photo “${altText}”`} />}
      title="Delete this photo?"
      description={`“${altText}” is taken off the site. The picture stays in the media library.`}
      confirmLabel="Delete"
      onConfirm={onConfirm}
    />
  );
}

export const ErrorBoundary = AdminPageError;
