// "Are you sure?" before something that cannot be undone (delete, revoke, void): a modal alert dialog
// (Radix: focus kept inside, Escape and Cancel close it, the trigger gets focus back). The confirmation runs
// `onConfirm` (a fetcher's submit) or submits the form that `form` wraps around the buttons, so it also
// carries hidden fields and works as a plain form post.
import { AlertDialog } from "radix-ui";
import type { ReactNode } from "react";
import { buttonClass } from "./button";

export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  tone = "danger",
  onConfirm,
  form,
  extraAction,
  open,
  onOpenChange,
  children,
}: {
  /** The button that opens the dialog (a `<button>`; it gets the dialog's aria attributes). */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  tone?: "danger" | "default";
  onConfirm?: () => void;
  /** Wraps the buttons in a form: `(buttons) => <Form method="post">…hidden fields…{buttons}</Form>`. */
  form?: (buttons: ReactNode) => ReactNode;
  /** A second way out beside the confirmation (Archive instead of Delete). */
  extraAction?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Fields shown between the description and the buttons (a reason). */
  children?: ReactNode;
}) {
  const confirmClass = buttonClass(tone === "danger" ? "danger" : "primary", "sm");
  const buttons = (
    <div className="mt-6 flex flex-wrap justify-end gap-2">
      <AlertDialog.Cancel className={buttonClass("ghost", "sm")}>Cancel</AlertDialog.Cancel>
      {extraAction}
      {form ? (
        <button type="submit" className={confirmClass}>
          {confirmLabel}
        </button>
      ) : (
        <AlertDialog.Action className={confirmClass} onClick={onConfirm}>
          {confirmLabel}
        </AlertDialog.Action>
      )}
    </div>
  );
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="bg-ink/40 fixed inset-0 z-50" />
        <AlertDialog.Content className="border-line fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 rounded-lg border bg-white p-6 shadow-xl">
          <AlertDialog.Title className="font-serif text-xl">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-muted mt-2 text-sm">{description}</AlertDialog.Description>
          {form ? (
            form(
              <>
                {children}
                {buttons}
              </>,
            )
          ) : (
            <>
              {children}
              {buttons}
            </>
          )}
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
