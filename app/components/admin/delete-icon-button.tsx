// The bin that deletes something (or opens the dialog that asks first): an icon button named by what it deletes.
import { Trash2 } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "~/components/ui/button";

export function DeleteIconButton({
  label,
  ...button
}: { label: string } & Omit<ComponentProps<typeof Button>, "children" | "variant" | "size">) {
  return (
    <Button type="button" variant="ghost" size="icon" className="hover:text-destructive" aria-label={label} {...button}>
      <Trash2 aria-hidden className="size-4" />
    </Button>
  );
}
