import { Form } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { adminPaths } from "~/lib/admin-paths";
import { DeleteIconButton } from "./delete-icon-button";

/** Delete with confirmation: the exhibition and its list of works go; the works themselves stay. */
export function DeleteExhibitionDialog({ id, title }: { id: string; title: string }) {
  return (
    <ConfirmDialog
      trigger={<DeleteIconButton label={`Delete ${title}`} />}
      title={`Delete “${title}”?`}
      description="The exhibition leaves this list and the About page for good. The works shown stay in the catalogue."
      confirmLabel="Delete"
      form={(buttons) => (
        <Form method="post" action={adminPaths.exhibitions()}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          {buttons}
        </Form>
      )}
    />
  );
}
