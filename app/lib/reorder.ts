// Moving one item before or after another: the server renumbers sort_order with it, and the admin table
// applies pending moves with it to show the new order before the server answers (optimistic update).
export interface Move {
  id: string;
  targetId: string;
  position: "before" | "after";
}

/** The order after moving `id` next to `targetId`; unchanged when either is missing. */
export function applyMove<T extends string>(order: readonly T[], move: Move): T[] {
  const from = order.indexOf(move.id as T);
  if (from === -1 || move.id === move.targetId || !order.includes(move.targetId as T)) return [...order];
  const next = order.filter((id) => id !== move.id);
  const to = next.indexOf(move.targetId as T) + (move.position === "after" ? 1 : 0);
  next.splice(to, 0, move.id as T);
  return next;
}

/** The move a drag from one index to another means: down the list lands after the target, up lands before. */
export function moveForDrag(order: readonly string[], activeId: string, overId: string): Move | undefined {
  const from = order.indexOf(activeId);
  const to = order.indexOf(overId);
  if (from === -1 || to === -1 || from === to) return undefined;
  return { id: activeId, targetId: overId, position: from < to ? "after" : "before" };
}
