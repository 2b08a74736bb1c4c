import { ArchiveRestore, Trash2 } from "lucide-react";
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import type { ActionResult } from "~/lib/action-result";
import { adminPaths } from "~/lib/admin-paths";
import { DeleteIconButton } from "./delete-icon-button";

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
  fetcher: FetcherWithComponents<ActionResult>;
  variant?: "icon" | "button";
}) {
  const [open, setOpen] = useState(false);
  const send = (intent: "delete" | "archive" | "restore") => {
    setOpen(false);
    void fetcher.submit({ intent, id }, { method: "post", action: adminPaths.artworks() });
  };
  const icon = variant === "icon";

  if (archived) {
    return (
      <Button
        type="button"
        variant={icon ? "ghost" : "secondary"}
        size={icon ? "icon" : "sm"}
        onClick={() => send("restore")}
        aria-label={`Restore ${title}`}
        title="Restore to the site"
      >
        <ArchiveRestore aria-hidden className="size-4" />
        {icon ? null : "Restore"}
      </Button>
    );
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        icon ? (
          <DeleteIconButton label={`Delete ${title}`} />
        ) : (
          <Button type="button" variant="dangerOutline" size="sm" aria-label={`Delete ${title}`}>
            <Trash2 aria-hidden className="size-4" />
            Delete
          </Button>
        )
      }
      title={`Delete “${title}”?`}
      description="Deleting removes the work and its listing for good. A work that an order refers to is archived instead. Archive it yourself to hide it from the site and keep its record."
      confirmLabel="Delete"
      onConfirm={() => send("delete")}
      extraAction={
        <Button type="button" variant="secondary" size="sm" onClick={() => send("archive")}>
          Archive
        </Button>
      }
    />
  );
}
