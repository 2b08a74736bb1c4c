// Artwork Upload's client side: many images dropped at once, each uploaded with its own progress bar
// (three at a time), then a form per image that creates the artwork.
import { CheckCircle2, ImagePlus, Loader2, X, XCircle } from "lucide-react";
import { useCallback, useEffect, useRef, useState, type DragEvent } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { FormError } from "~/components/ui/notice";
import { formState, type ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { paths } from "~/lib/paths";
import { ArtworkFields, EMPTY_ARTWORK } from "./artwork-fields";
import { Thumb } from "./thumb";
import { MAX_UPLOAD_MB, uploadImage, type UploadedImage } from "./upload-image";

const PARALLEL_UPLOADS = 3;

type Item = {
  key: string;
  file: File;
  preview: string;
  progress: number;
  state: "queued" | "uploading" | "uploaded" | "failed";
  error?: string;
  image?: UploadedImage;
};

/** "blue-harbour_02.jpg" -> "Blue Harbour 02": a starting title the artist can correct. */
export function titleFromFileName(name: string): string {
  const base = name
    .replace(/\.[^.]+$/, "")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return base.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase()).slice(0, 200);
}

export function UploadQueue() {
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const forms = useRef(new Map<string, HTMLFormElement>());
  const running = useRef(new Set<string>());

  const update = useCallback((key: string, patch: Partial<Item>) => {
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...patch } : item)));
  }, []);

  // Start queued uploads, a few at a time.
  useEffect(() => {
    const free = PARALLEL_UPLOADS - running.current.size;
    if (free <= 0) return;
    for (const item of items.filter((i) => i.state === "queued").slice(0, free)) {
      running.current.add(item.key);
      update(item.key, { state: "uploading" });
      uploadImage(item.file, (fraction) => update(item.key, { progress: fraction }))
        .then((image) => update(item.key, { state: "uploaded", image, progress: 1 }))
        .catch((error: unknown) =>
          update(item.key, { state: "failed", error: error instanceof Error ? error.message : String(error) }),
        )
        .finally(() => {
          running.current.delete(item.key);
          setItems((all) => [...all]);
        });
    }
  }, [items, update]);

  // Object URLs live as long as their item (or the page).
  const latest = useRef(items);
  useEffect(() => {
    latest.current = items;
  }, [items]);
  useEffect(() => () => latest.current.forEach((i) => URL.revokeObjectURL(i.preview)), []);

  function add(files: FileList | File[]) {
    const added = Array.from(files).map<Item>((file, n) => ({
      key: `${Date.now()}-${n}-${file.name}`,
      file,
      preview: URL.createObjectURL(file),
      progress: 0,
      state: "queued",
    }));
    setItems((all) => [...all, ...added]);
  }

  function remove(key: string) {
    setItems((all) => {
      const item = all.find((i) => i.key === key);
      if (item) URL.revokeObjectURL(item.preview);
      return all.filter((i) => i.key !== key);
    });
    forms.current.delete(key);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) add(event.dataTransfer.files);
  }

  const ready = items.filter((i) => i.state === "uploaded").length;
  const uploading = items.filter((i) => i.state === "queued" || i.state === "uploading").length;

  return (
    <div className="space-y-4">
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-dragging={dragging || undefined}
        className={`flex flex-col items-center justify-center gap-3 rounded-lg border-2 border-dashed px-6 py-10 text-center transition-colors ${
          dragging ? "border-accent bg-accent-soft/60" : "border-line bg-white"
        }`}
      >
        <ImagePlus aria-hidden className="text-muted size-8" />
        <p className="text-sm">
          <span className="font-medium">Drop images here</span> or{" "}
          <button
            type="button"
            className="text-accent underline underline-offset-4"
            onClick={() => inputRef.current?.click()}
          >
            choose files
          </button>
        </p>
        <p className="text-muted text-xs">
          JPEG, PNG, WebP, AVIF, HEIC, TIFF or GIF, up to {MAX_UPLOAD_MB} MB each. Many at once is fine.
        </p>
        <label className="sr-only" htmlFor="upload-files">
          Images to upload
        </label>
        <input
          ref={inputRef}
          id="upload-files"
          type="file"
          accept="image/*"
          multiple
          className="sr-only"
          onChange={(e) => {
            if (e.currentTarget.files?.length) add(e.currentTarget.files);
            e.currentTarget.value = "";
          }}
        />
      </div>

      {items.length > 0 ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-muted text-sm" aria-live="polite">
            {uploading > 0
              ? `Uploading ${uploading} of ${items.length}…`
              : `${items.length} ${items.length === 1 ? "image" : "images"}`}
            {ready > 0 ? ` · ${ready} ready to save` : ""}
          </p>
          {ready > 1 ? (
            <Button
              type="button"
              size="sm"
              onClick={() => {
                for (const [key, form] of forms.current) {
                  if (items.find((i) => i.key === key)?.state === "uploaded") form.requestSubmit();
                }
              }}
            >
              Create all ({ready})
            </Button>
          ) : null}
        </div>
      ) : null}

      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.key} className={`${cardClass} p-4`} data-upload-state={item.state}>
            <UploadCard
              item={item}
              onRemove={() => remove(item.key)}
              registerForm={(form) => {
                if (form) forms.current.set(item.key, form);
                else forms.current.delete(item.key);
              }}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}

function UploadCard({
  item,
  onRemove,
  registerForm,
}: {
  item: Item;
  onRemove: () => void;
  registerForm: (form: HTMLFormElement | null) => void;
}) {
  const fetcher = useFetcher<ActionResult<{ artwork: { id: string; title: string } }>>({ key: `create:${item.key}` });
  const created = fetcher.data?.ok ? fetcher.data.artwork : undefined;
  const { fieldErrors: errors, error: formError } = formState(fetcher.data);
  const sizeMb = (item.file.size / 1024 / 1024).toFixed(1);

  return (
    <div className="flex gap-4">
      <div className="shrink-0">
        {item.image || item.state === "failed" ? (
          <Thumb image={item.image ?? null} size={88} />
        ) : (
          <img
            src={item.preview}
            alt=""
            width={88}
            height={88}
            className="bg-paper-deep size-[88px] rounded object-cover"
          />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium" title={item.file.name}>
              {item.file.name}
            </p>
            <p className="text-muted text-xs">{sizeMb} MB</p>
          </div>
          {!created ? (
            <Button
              type="button"
              variant="ghost"
              size="icon"
              onClick={onRemove}
              aria-label={`Remove ${item.file.name}`}
            >
              <X aria-hidden className="size-4" />
            </Button>
          ) : null}
        </div>

        {item.state === "queued" || item.state === "uploading" ? (
          <div className="mt-2">
            <div
              role="progressbar"
              aria-label={`Uploading ${item.file.name}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(item.progress * 100)}
              className="bg-paper-deep h-1.5 overflow-hidden rounded-full"
            >
              <div className="bg-ink h-full transition-[width]" style={{ width: `${item.progress * 100}%` }} />
            </div>
            <p className="text-muted mt-1 flex items-center gap-1.5 text-xs">
              <Loader2 aria-hidden className="size-3 animate-spin" />
              {item.state === "queued" ? "Waiting…" : `Uploading… ${Math.round(item.progress * 100)}%`}
            </p>
          </div>
        ) : null}

        {item.state === "failed" ? (
          <p role="alert" className="text-destructive mt-2 flex items-center gap-1.5 text-sm">
            <XCircle aria-hidden className="size-4 shrink-0" /> Not uploaded: {item.error}
          </p>
        ) : null}

        {item.state === "uploaded" && created ? (
          <p className="text-available mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm" role="status">
            <span className="flex items-center gap-1.5">
              <CheckCircle2 aria-hidden className="size-4" /> Created “{created.title}”.
            </span>
            <Link to={adminPaths.editArtwork(created.id)} className="text-ink underline underline-offset-4">
              Edit
            </Link>
            <Link to={paths.artwork(created.id)} className="text-ink underline underline-offset-4">
              View on the site
            </Link>
          </p>
        ) : null}

        {item.state === "uploaded" && item.image && !created ? (
          <fetcher.Form
            method="post"
            action={adminPaths.upload()}
            noValidate
            ref={registerForm}
            className="mt-3"
            aria-label={`Details of ${item.file.name}`}
          >
            <input type="hidden" name="imageId" value={item.image.id} />
            <ArtworkFields
              values={{ ...EMPTY_ARTWORK, title: titleFromFileName(item.file.name) }}
              errors={errors}
              compact
            />
            {formError ? (
              <div className="mt-3">
                <FormError message={formError} />
              </div>
            ) : null}
            <div className="mt-3 flex justify-end">
              <Button type="submit" size="sm" busy={fetcher.state !== "idle"} busyLabel="Creating…">
                Create artwork
              </Button>
            </div>
          </fetcher.Form>
        ) : null}
      </div>
    </div>
  );
}
