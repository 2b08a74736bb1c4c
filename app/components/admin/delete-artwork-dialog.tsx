import { ArchiveRestore, Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { adminPaths } from "~/lib/admin-paths";
import { adminButton } from "./ui";

/**
 * Delete with confirmation. The server archives instead of deleting when an order refers to the work; the
 * dialog also offers archiving outright (hidden from the site, kept on record). An archived work is restored.
 */
export function DeleteArtworkDialog({
  id,
  title,
  archived,
  fetcher,
  variant = "icon",
}: {
  id: string;
  title: string;
  archived: boolean;
  fetcher: FetcherWithComponents<unknown>;
  variant?: "icon" | "button";
}) {
  const [open, setOpen] = useState(false);
  const send = (intent: "delete" | "archive" | "restore") => {
    setOpen(false);
    void fetcher.submit({ intent, id }, { method: "post", action: adminPaths.artworks() });
  };

  if (archived) {
    return (
      <button
        type="button"
        onClick={() => send("restore")}
        className={variant === "icon" ? adminButton.icon : adminButton.secondary}
        aria-label={`Restore ${title}`}
        title="Restore to the site"
      >
        <ArchiveRestore aria-hidden className="size-4" />
        {variant === "button" ? "Restore" : null}
      </button>
    );
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger
        className={variant === "icon" ? `${adminButton.icon} hover:text-destructive` : adminButton.dangerOutline}
        aria-label={`Delete ${title}`}
      >
        <Trash2 aria-hidden className="size-4" />
        {variant === "button" ? "Delete" : null}
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
        <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl">Delete “{title}”?</AlertDialog.Title>
          <AlertDialog.Description className="text-muted mt-2 text-sm">
            Deleting removes the work and its listing for good. A work that an order refers to is archived instead.
            Archive it yourself to hide it from the site and keep its record.
          </AlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
            <button type="button" className={adminButton.secondary} onClick={() => send("archive")}>
              Archive
            </button>
            <AlertDialog.Action className={adminButton.danger} onClick={() => send("delete")}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
