// A Markdown field with Write and Preview tabs. The preview is rendered and sanitized by the server (the same
// code that renders the public page), so what the admin sees is what visitors will see.
import { ImagePlus } from "lucide-react";
import { Dialog } from "radix-ui";
import { useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useControlClass } from "~/components/ui/field";
import type { ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { bestWidth, variantUrl } from "~/lib/media";
import { LibraryDialog } from "./media-picker";

export function MarkdownEditor({
  name,
  label,
  defaultValue,
  error,
  rows = 14,
  hint = "Markdown: a blank line starts a paragraph; **bold**, *italic*, [link](https://…), ## heading, - list.",
  allowImages = false,
}: {
  name: string;
  label: string;
  defaultValue: string;
  error?: string;
  rows?: number;
  hint?: string;
  allowImages?: boolean;
}) {
  const id = useId();
  const [tab, setTab] = useState<"write" | "preview">("write");
  const [value, setValue] = useState(defaultValue);
  const [picking, setPicking] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const preview = useFetcher<ActionResult<{ html: string }>>();
  const control = useControlClass();

  const showPreview = () => {
    setTab("preview");
    void preview.submit({ markdown: value }, { method: "post", action: adminPaths.markdownPreview() });
  };

  const insert = (snippet: string) => {
    const el = textarea.current;
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = `${value.slice(0, start)}${snippet}${value.slice(end)}`;
    setValue(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + snippet.length, start + snippet.length);
    });
  };

  const tabClass = (active: boolean) => buttonClass(active ? "primary" : "ghost", "sm");

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-end justify-between gap-2">
        <label htmlFor={id} className="text-ink-soft block text-xs font-medium">
          {label}
        </label>
        <div className="flex items-center gap-1" role="group" aria-label="Write or preview">
          <button
            type="button"
            className={tabClass(tab === "write")}
            aria-pressed={tab === "write"}
            onClick={() => setTab("write")}
          >
            Write
          </button>
          <button
            type="button"
            className={tabClass(tab === "preview")}
            aria-pressed={tab === "preview"}
            onClick={showPreview}
          >
            Preview
          </button>
          {allowImages ? (
            <Dialog.Root open={picking} onOpenChange={setPicking}>
              <Dialog.Trigger className={buttonClass("ghost", "sm")}>
                <ImagePlus aria-hidden className="size-4" /> Insert image
              </Dialog.Trigger>
              {picking ? (
                <LibraryDialog
                  title="Insert an image"
                  onPick={(image) => {
                    setPicking(false);
                    setTab("write");
                    const alt = (image.originalName ?? "").replace(/\.[a-z0-9]+$/i, "").replace(/[[\]]/g, "");
                    insert(`\n\n![${alt}](${variantUrl(image.hash, bestWidth(image, 1280), "webp")})\n\n`);
                  }}
                />
              ) : null}
            </Dialog.Root>
          ) : null}
        </div>
      </div>
      {/* The textarea stays in the form (hidden while previewing) so its value is always submitted. */}
      <textarea
        ref={textarea}
        id={id}
        name={name}
        rows={rows}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        hidden={tab !== "write"}
        className={`${control} font-mono text-[13px] leading-relaxed`}
      />
      {tab === "preview" ? (
        <div
          className="border-line min-h-40 rounded-md border bg-white px-4 py-3"
          aria-live="polite"
          aria-busy={preview.state !== "idle"}
        >
          {preview.state !== "idle" || !preview.data ? (
            <p className="text-muted text-sm">Loading...</p>
          ) : !preview.data.ok ? (
            <p className="text-destructive text-sm">{preview.data.error}</p>
          ) : preview.data.html ? (
            <div className="prose-text text-[15px]" dangerouslySetInnerHTML={{ __html: preview.data.html }} />
          ) : (
            <p className="text-muted text-sm">Nothing to preview yet.</p>
          )}
        </div>
      ) : null}
      <p id={`${id}-help`} className={`mt-1 text-xs ${error ? "text-destructive" : "text-muted"}`}>
        {error ?? hint}
      </p>
    </div>
  );
}
