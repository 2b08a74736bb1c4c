import { ImageUp } from "lucide-react";
import { useId, useState } from "react";
import { buttonClass } from "~/components/ui/button";
import type { ImageAsset } from "~/lib/media";
import { Thumb } from "./thumb";
import { uploadImage, type UploadedImage } from "./upload-image";

/**
 * The edit form's picture: the current one, and a new one uploaded at once (with progress) whose id the form
 * saves. Nothing changes on the work until the form is saved.
 */
export function ImageReplacer({ image, title, error }: { image: ImageAsset | null; title: string; error?: string }) {
  const id = useId();
  const [next, setNext] = useState<UploadedImage | undefined>();
  const [progress, setProgress] = useState<number | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const shown = next ?? image;
  const message = failure ?? error;

  async function choose(file: File) {
    setFailure(undefined);
    setProgress(0);
    try {
      setNext(await uploadImage(file, setProgress));
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setProgress(undefined);
    }
  }

  return (
    <div>
      <p className="text-ink-soft mb-2 text-xs font-medium">Picture</p>
      <div className="bg-paper-deep flex aspect-square items-center justify-center overflow-hidden rounded">
        {shown ? <Thumb image={shown} size={256} /> : <span className="text-muted text-sm">No picture</span>}
      </div>
      <span className="sr-only">{`Picture of ${title}`}</span>
      {next ? <input type="hidden" name="imageId" value={next.id} /> : null}
      {progress !== undefined ? (
        <div
          role="progressbar"
          aria-label="Uploading the new picture"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="bg-paper-deep mt-3 h-1.5 overflow-hidden rounded-full"
        >
          <div className="bg-ink h-full" style={{ width: `${progress * 100}%` }} />
        </div>
      ) : null}
      {next ? <p className="text-muted mt-2 text-xs">New picture ready: save to use it.</p> : null}
      {message ? (
        <p role="alert" className="text-destructive mt-2 text-xs">
          {message}
        </p>
      ) : null}
      <label htmlFor={id} className={buttonClass("secondary", "sm", "mt-3 w-full cursor-pointer")}>
        <ImageUp aria-hidden className="size-4" /> Replace picture
      </label>
      <input
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) void choose(file);
        }}
      />
    </div>
  );
}
