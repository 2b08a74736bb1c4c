// The rows of a list the artist edits in a form (the CV's sections, a section's highlights): each keeps a key of
// its own, so moving or removing one does not shuffle typed text between rows; and each row's buttons.
import { ArrowDown, ArrowUp } from "lucide-react";
import { useState } from "react";
import { Button } from "~/components/ui/button";
import { DeleteIconButton } from "../delete-icon-button";

export function useItemRows<T>(items: readonly T[]) {
  const [rows, setRows] = useState(() => items.map((item, key) => ({ key, item })));
  const [next, setNext] = useState(items.length);
  const move = (index: number, by: -1 | 1) =>
    setRows((current) => {
      const copy = [...current];
      const [row] = copy.splice(index, 1);
      copy.splice(index + by, 0, row!);
      return copy;
    });
  const remove = (key: number) => setRows((current) => current.filter((r) => r.key !== key));
  return {
    rows,
    add: (item: T) => {
      setRows((current) => [...current, { key: next, item }]);
      setNext((n) => n + 1);
    },
    /** What `ItemControls` needs for the row at `index` (its key is `key`). */
    controls: (index: number, key: number) => ({
      first: index === 0,
      last: index === rows.length - 1,
      onMove: (by: -1 | 1) => move(index, by),
      onRemove: () => remove(key),
    }),
  };
}

/** Move up, move down and remove, for the row called `name` ("CV section 2"). */
export function ItemControls({
  name,
  first,
  last,
  onMove,
  onRemove,
}: {
  name: string;
  first: boolean;
  last: boolean;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  return (
    <span className="flex items-center">
      {(
        [
          ["up", -1, ArrowUp, first],
          ["down", 1, ArrowDown, last],
        ] as const
      ).map(([direction, by, Icon, edge]) => (
        <Button
          key={direction}
          type="button"
          variant="ghost"
          size="icon"
          aria-label={`Move ${name} ${direction}`}
          disabled={edge}
          onClick={() => onMove(by)}
        >
          <Icon aria-hidden className="size-4" />
        </Button>
      ))}
      <DeleteIconButton label={`Remove ${name}`} onClick={onRemove} />
    </span>
  );
}
