// Choosing a picture from the media library (or uploading one into it) for a form field: the field holds
// the stored image's hash (homepage content) or id (a post's cover). The library loads when the dialog opens.
import { ImagePlus, Upload, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useId, useState } from "react";
import { useFetcher } from "react-router";
import { Button, buttonClass } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { variantUrl, type ImageAsset } from "~/lib/media";

export interface PickedImage extends ImageAsset {
  id: string;
  originalName?: string | null;
}

interface LibraryPage {
  images: (PickedImage & { createdAt: string })[];
  total: number;
  page: number;
  pages: number;
}

const thumbUrl = (image: ImageAsset) => variantUrl(image.hash, image.widths[0] ?? image.width, "webp");

export function MediaPicker({
  name,
  label,
  valueKind,
  initial,
  error,
  hint,
}: {
  name: string;
  label: string;
  valueKind: "hash" | "id";
  initial: PickedImage | null;
  error?: string;
  hint?: string;
}) {
  const [picked, setPicked] = useState<PickedImage | null>(initial);
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const errorId = useId();
  return (
    <div>
      <p id={labelId} className="text-ink-soft mb-1 block text-xs font-medium">
        {label}
      </p>
      <input type="hidden" name={name} value={picked ? picked[valueKind] : ""} />
      <div
        role="group"
        aria-labelledby={labelId}
        aria-describedby={error ? errorId : undefined}
        className="border-line flex items-center gap-3 rounded-md border bg-white p-2"
      >
        {picked ? (
          <img
            src={thumbUrl(picked)}
            alt={picked.originalName ? `Chosen: ${picked.originalName}` : "Chosen image"}
            width={64}
            height={48}
            className="h-12 w-16 shrink-0 rounded object-cover"
            style={{ backgroundImage: `url(${picked.placeholder})`, backgroundSize: "cover" }}
          />
        ) : (
          <span className="bg-paper-deep text-muted inline-flex h-12 w-16 shrink-0 items-center justify-center rounded text-xs">
            None
          </span>
        )}
        <span className="text-muted min-w-0 flex-1 truncate text-sm">
          {picked ? (picked.originalName ?? "Stored image") : "No image chosen"}
        </span>
        <Dialog.Root open={open} onOpenChange={setOpen}>
          <Dialog.Trigger className={buttonClass("secondary", "sm")}>
            <ImagePlus aria-hidden className="size-4" /> {picked ? "Change" : "Choose image"}
          </Dialog.Trigger>
          {open ? (
            <LibraryDialog
              title={label}
              selectedId={picked?.id}
              onPick={(image) => {
                setPicked(image);
                setOpen(false);
              }}
            />
          ) : null}
        </Dialog.Root>
        {picked ? (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            aria-label={`Remove ${label.toLowerCase()}`}
            onClick={() => setPicked(null)}
          >
            <X aria-hidden className="size-4" />
          </Button>
        ) : null}
      </div>
      {hint && !error ? <p className="text-muted mt-1 text-xs">{hint}</p> : null}
      {error ? (
        <p id={errorId} className="text-destructive mt-1 text-xs">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The dialog's content: the library a page at a time, newest first, and an upload button. */
export function LibraryDialog({
  title,
  selectedId,
  onPick,
}: {
  title: string;
  selectedId?: string;
  onPick: (image: PickedImage) => void;
}) {
  const library = useFetcher<LibraryPage>();
  const [page, setPage] = useState(1);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const { load } = library;
  useEffect(() => {
    void load(adminPaths.mediaLibrary(new URLSearchParams({ page: String(page) })));
  }, [load, page]);
  const data = library.data;

  const upload = async (file: File) => {
    setUploading(true);
    setUploadError(undefined);
    try {
      const response = await fetch(adminPaths.uploadImage(), {
        method: "POST",
        body: file,
        headers: {
          "content-type": file.type || "application/octet-stream",
          "x-file-name": encodeURIComponent(file.name),
        },
      });
      const body = (await response.json().catch(() => null)) as ActionResult<{ image: PickedImage }> | null;
      if (!response.ok || !body?.ok)
        throw new Error((body?.ok === false && body.error) || `The upload failed (HTTP ${response.status}).`);
      onPick({ ...body.image, originalName: file.name });
    } catch (error) {
      setUploadError((error as Error).message);
    } finally {
      setUploading(false);
    }
  };

  return (
    <Dialog.Portal>
      <Dialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
      <Dialog.Content className="border-line fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(48rem,calc(100vw-1.5rem))] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border bg-white shadow-xl">
        <div className="border-line flex items-center justify-between gap-3 border-b px-5 py-3">
          <Dialog.Title className="font-serif text-xl">{title}</Dialog.Title>
          <Dialog.Close className={buttonClass("ghost", "icon")} aria-label="Close">
            <X aria-hidden className="size-4" />
          </Dialog.Close>
        </div>
        <Dialog.Description className="text-muted px-5 pt-3 text-sm">
          Choose a picture from the media library, or upload a new one.
        </Dialog.Description>
        <div className="flex flex-wrap items-center gap-3 px-5 pt-3">
          <label className={buttonClass("secondary", "sm", "cursor-pointer")}>
            <Upload aria-hidden className="size-4" />
            {uploading ? "Uploading…" : "Upload a picture"}
            <input
              type="file"
              accept="image/*"
              className="sr-only"
              disabled={uploading}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                if (file) void upload(file);
              }}
            />
          </label>
          {uploadError ? (
            <p role="alert" className="text-destructive text-sm">
              {uploadError}
            </p>
          ) : null}
        </div>
        <div className="min-h-40 overflow-y-auto px-5 py-4">
          {!data ? (
            <p role="status" className="text-muted text-sm">
              Loading...
            </p>
          ) : data.images.length === 0 ? (
            <p className="text-muted text-sm">The library is empty. Upload a picture.</p>
          ) : (
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-5">
              {data.images.map((image) => (
                <li key={image.id}>
                  <button
                    type="button"
                    onClick={() => onPick(image)}
                    aria-pressed={image.id === selectedId}
                    aria-label={image.originalName ?? `Image of ${image.width} by ${image.height}`}
                    className={`block w-full overflow-hidden rounded-md border-2 ${
                      image.id === selectedId ? "border-ink" : "hover:border-line border-transparent"
                    }`}
                  >
                    <img
                      src={thumbUrl(image)}
                      alt=""
                      loading="lazy"
                      width={160}
                      height={120}
                      className="aspect-[4/3] w-full object-cover"
                      style={{ backgroundImage: `url(${image.placeholder})`, backgroundSize: "cover" }}
                    />
                  </button>
                  <p className="text-muted mt-1 truncate text-xs">{image.originalName ?? "—"}</p>
                </li>
              ))}
            </ul>
          )}
        </div>
        {data && data.pages > 1 ? (
          <div className="border-line flex items-center justify-between border-t px-5 py-3 text-sm">
            <Button type="button" variant="ghost" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              Newer
            </Button>
            <span className="text-muted">
              Page {data.page} of {data.pages}
            </span>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              disabled={page >= data.pages}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </div>
        ) : null}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
