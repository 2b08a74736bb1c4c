import { useState } from "react";

/**
 * A dialog whose code loads on first use: its chunk is fetched when the pointer or the focus reaches the button,
 * and the dialog is mounted from the first press on (`wanted`), then kept. Spread `trigger` on the button.
 */
export function useLazyDialog(load: () => Promise<unknown>) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const preload = () => void load();
  return {
    open,
    setOpen,
    wanted,
    trigger: {
      "aria-haspopup": "dialog",
      "aria-expanded": open,
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        setWanted(true);
        setOpen(true);
      },
    } as const,
  };
}
