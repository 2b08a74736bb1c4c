// Drag to reorder (@dnd-kit): by pointer on the handle, or by keyboard (focus the handle, Space, arrows,
// Space). The list shows the order it is given; `onReorder` receives the new order of ids.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
import { useId, type ReactNode } from "react";

/**
 * How a drag starts: the pointer after it has moved 4px (a click on the handle stays a click), or the keyboard
 * with the sortable arrow keys. For a `DndContext` of one's own (a table whose rows are dragged).
 */
export function useReorderSensors() {
  return useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
}

export function SortableList<T extends { id: string }>({
  items,
  itemName,
  onReorder,
  children,
  className = "space-y-3",
}: {
  items: readonly T[];
  /** How an item is called in the handle's label and the announcements ("the hero section"). */
  itemName: (item: T) => string;
  onReorder: (ids: string[]) => void;
  children: (item: T, handle: ReactNode) => ReactNode;
  className?: string;
}) {
  // A stable id keeps the server's and the browser's accessibility attributes the same (no hydration mismatch).
  const id = useId();
  const sensors = useReorderSensors();
  const ids = items.map((i) => i.id);
  const nameOf = (itemId: string | number) => {
    const item = items.find((i) => i.id === itemId);
    return item ? itemName(item) : "the item";
  };
  const position = (itemId: string | number) => ids.indexOf(String(itemId)) + 1;
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from !== -1 && to !== -1) onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      id={id}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space, move with the arrow keys, then press Space again to drop or Escape to cancel.",
        },
        announcements: {
          onDragStart: ({ active }) =>
            `Picked up ${nameOf(active.id)}, position ${position(active.id)} of ${ids.length}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} is over position ${position(over.id)} of ${ids.length}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `Dropped ${nameOf(active.id)} at position ${position(over.id)} of ${ids.length}.` : undefined,
          onDragCancel: ({ active }) => `Cancelled. ${nameOf(active.id)} stays where it was.`,
        },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className={className}>
          {items.map((item) => (
            <SortableItem key={item.id} id={item.id} label={`Reorder ${itemName(item)}`}>
              {(handle) => children(item, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: (handle: ReactNode) => ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      {...attributes}
      {...listeners}
      aria-label={label}
      className="text-muted hover:text-ink hover:bg-ink/[0.06] inline-flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md active:cursor-grabbing"
    >
      <GripVertical aria-hidden className="size-4" />
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? "relative z-10 opacity-90 shadow-lg" : undefined}
    >
      {children(handle)}
    </li>
  );
}

/** The order to show: the pending request's (optimistic) while it runs, else the server's. */
export function pendingOrder(formData: FormData | undefined, serverIds: readonly string[]): string[] {
  const pending = formData?.get("ids");
  if (typeof pending !== "string") return [...serverIds];
  const ids = pending.split(",");
  // Only a permutation of what is shown is applied (a stale request cannot hide or duplicate items).
  return ids.length === serverIds.length && ids.every((id) => serverIds.includes(id)) ? ids : [...serverIds];
}
