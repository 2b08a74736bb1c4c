// Manage Photos (/admin/manage-photos): every artist photo in display order. Edit the alt text and caption,
// switch where it is featured, drag to reorder (display_order), delete. Switches and order are optimistic.
import { Trash2, Upload } from "lucide-react";
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { data, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/manage-photos";
import { reportAction, type ActionResult } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { SaveStatus, useSaveStatus } from "~/components/admin/content/save-status";
import { pendingOrder, SortableList } from "~/components/admin/content/sortable-list";
import { FetcherSwitch } from "~/components/admin/content/switch";
import { Field, TextField } from "~/components/admin/field";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard, adminTextarea } from "~/components/admin/ui";
import { useOfflineQueue } from "~/components/realtime/offline-queue";
import { adminPaths } from "~/lib/admin-paths";
import { applyQueued, queuedOrder, formText, revalidateUnlessQueued, type NewOperation } from "~/lib/offline-queue";
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
import { issuesByField } from "~/modules/content/section-form";
import { readFormData } from "~/modules/security/form-data.server";

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
  z.object({ intent: z.literal("save"), id: Id, altText: z.string(), caption: z.string() }),
  z.object({
    intent: z.literal("flag"),
    id: Id,
    field: z.enum(["isFeaturedHomepage", "isFeaturedAbout"]),
    value: z.enum(["true", "false"]),
  }),
  z.object({ intent: z.literal("reorder"), ids: z.string().max(10_000) }),
  z.object({ intent: z.literal("delete"), id: Id }),
]);

type Result = ActionResult | { ok: false; error: string; fieldErrors: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const parsed = Intent.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<Result>({ ok: false, error: "That request was not understood." }, 400);
  const input = parsed.data;
  try {
    switch (input.intent) {
      case "save": {
        const fields = ArtistPhotoFields.pick({ altText: true, caption: true }).safeParse(input);
        if (!fields.success)
          return data<Result>({
            ok: false,
            error: "Some fields need attention.",
            fieldErrors: issuesByField(fields.error),
          });
        await updateArtistPhoto(input.id, fields.data);
        return data<Result>({ ok: true, message: "Photo saved." });
      }
      case "flag":
        await updateArtistPhoto(input.id, { [input.field]: input.value === "true" });
        return data<Result>({ ok: true });
      case "reorder":
        await reorderArtistPhotos(input.ids.split(","));
        return data<Result>({ ok: true });
      case "delete":
        await deleteArtistPhoto(input.id);
        return data<Result>({ ok: true, message: "Photo deleted from the site." });
    }
  } catch (error) {
    if (!(error instanceof PhotoGoneError)) throw error;
    return data<Result>({ ok: false, error: error.message });
  }
}

export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the photo", { request, operations: offlineChanges });
}

/** Offline, the switches and the order wait in the offline queue as changes to file_uploads. */
function offlineChanges(form: FormData): NewOperation[] | undefined {
  const id = formText(form, "id");
  switch (form.get("intent")) {
    case "flag": {
      const column = form.get("field") === "isFeaturedAbout" ? "is_featured_about" : "is_featured_homepage";
      return [{ type: "update", table: "file_uploads", data: { id, [column]: form.get("value") === "true" } }];
    }
    case "reorder":
      return formText(form, "ids")
        .split(",")
        .map((photoId, position) => ({
          type: "update",
          table: "file_uploads",
          data: { id: photoId, display_order: position },
        }));
    default:
      return undefined;
  }
}

export const shouldRevalidate = revalidateUnlessQueued;

const QUEUED_FIELDS = { is_featured_homepage: "isFeaturedHomepage", is_featured_about: "isFeaturedAbout" } as const;

export const meta: Route.MetaFunction = () => adminMeta("Manage Photos");

export default function ManagePhotos({ loaderData }: Route.ComponentProps) {
  const reorder = useFetcher();
  // Changes waiting in the offline queue show as made.
  const queue = useOfflineQueue();
  const photos = applyQueued(loaderData.photos, queue, "file_uploads", QUEUED_FIELDS);
  const order = pendingOrder(
    reorder.formData,
    queuedOrder(
      photos.map((p) => p.id),
      queue,
      "file_uploads",
      "display_order",
    ),
  );
  const shown = order.map((id) => photos.find((p) => p.id === id)!);
  return (
    <>
      <AdminPageHeader
        title="Manage Photos"
        description="The artist photos in their order (drag to change it). The home page shows the first one featured there; the about page shows all featured there."
        actions={
          <Link to={adminPaths.artistPhotos()} className={adminButton.secondary}>
            <Upload aria-hidden className="size-4" /> Upload photos
          </Link>
        }
      />
      {shown.length === 0 ? (
        <EmptyState>
          No artist photos yet.{" "}
          <Link to={adminPaths.artistPhotos()} className="underline underline-offset-4">
            Upload the first
          </Link>
        </EmptyState>
      ) : (
        <SortableList
          items={shown}
          itemName={(p) => `the photo “${p.altText}”`}
          onReorder={(ids) => void reorder.submit({ intent: "reorder", ids: ids.join(",") }, { method: "post" })}
        >
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
  const save = useFetcher<Result>();
  const remove = useFetcher<Result>();
  const status = useSaveStatus(save);
  const errors = save.data && !save.data.ok && "fieldErrors" in save.data ? save.data.fieldErrors : {};
  return (
    <article
      aria-label={`Photo ${position}: ${photo.altText}`}
      className={`${adminCard} flex flex-col gap-4 p-3 sm:flex-row ${remove.state !== "idle" ? "opacity-50" : ""}`}
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
            label="Alt text (required)"
            name="altText"
            defaultValue={photo.altText}
            error={errors.altText}
            maxLength={300}
            required
          />
          <Field label="Caption" error={errors.caption}>
            {(props) => (
              <textarea
                {...props}
                name="caption"
                rows={1}
                maxLength={500}
                defaultValue={photo.caption}
                className={adminTextarea}
              />
            )}
          </Field>
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
              <button type="submit" className={adminButton.secondary} disabled={save.state !== "idle"}>
                Save
              </button>
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
    <AlertDialog.Root>
      <AlertDialog.Trigger
        className={`${adminButton.icon} hover:text-destructive`}
        aria-label={`Delete the photo “${altText}”`}
      >
        <Trash2 aria-hidden className="size-4" />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
        <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl">Delete this photo?</AlertDialog.Title>
          <AlertDialog.Description className="text-muted mt-2 text-sm">
            “{altText}” is taken off the site. The picture stays in the media library.
          </AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-2">
            <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
            <AlertDialog.Action className={adminButton.danger} onClick={onConfirm}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

export const ErrorBoundary = AdminPageError;
