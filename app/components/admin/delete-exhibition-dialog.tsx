import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { Form } from "react-router";
import { adminButton } from "./ui";
import { adminPaths } from "~/lib/admin-paths";

/** Delete with confirmation: the exhibition and its list of works go; the works themselves stay. */
export function DeleteExhibitionDialog({ id, title }: { id: string; title: string }) {
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger className={`${adminButton.icon} hover:text-destructive`} aria-label={`Delete ${title}`}>
        <Trash2 aria-hidden className="size-4" />
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
        <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl">Delete “{title}”?</AlertDialog.Title>
          <AlertDialog.Description className="text-muted mt-2 text-sm">
            The exhibition leaves this list and the About page for good. The works shown stay in the catalogue.
          </AlertDialog.Description>
          <Form method="post" action={adminPaths.exhibitions()} className="mt-6 flex flex-wrap justify-end gap-2">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={id} />
            <AlertDialog.Cancel className={adminButton.ghost}>Cancel</AlertDialog.Cancel>
            <button type="submit" className={adminButton.danger}>
              Delete
            </button>
          </Form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
