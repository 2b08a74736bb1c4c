// The back-office lists of cards whose switches and order may be changed offline (Homepage Editor, Manage
// Photos; docs/realtime.md "Changes made offline"): one description of the table behind the cards gives both
// the changes a submission waits in the offline queue as and the cards shown while they wait.
import { useFetcher } from "react-router";
import { useOfflineQueue } from "~/components/realtime/offline-queue";
import { pendingOrder } from "~/components/ui/sortable-list";
import { formText } from "~/lib/form-data";
import { applyQueued, queuedOrder, reorderOperations, type NewOperation } from "~/lib/offline-queue";

export interface QueuedCards<Field extends string> {
  /** The table the cards are rows of (`homepage_sections`). */
  table: string;
  /** Its column of the display order (`section_order`). */
  orderColumn: string;
  /** Its columns the cards' switches turn, each with the form field its switch posts (`flagIntent`). */
  switches: Readonly<Record<string, Field>>;
}

/** A submission as the changes it waits in the offline queue as: a switch turned, the cards put in a new order. */
export function queuedCardChanges({ table, orderColumn, switches }: QueuedCards<string>) {
  return (form: FormData): NewOperation[] | undefined => {
    const id = formText(form, "id");
    switch (form.get("intent")) {
      case "flag": {
        const column = Object.keys(switches).find((c) => switches[c] === form.get("field"));
        return column ? [{ type: "update", table, data: { id, [column]: form.get("value") === "true" } }] : undefined;
      }
      case "reorder":
        return reorderOperations(formText(form, "ids").split(","), table, orderColumn);
      default:
        return undefined;
    }
  };
}

/**
 * The cards as they will be, in their order: switches and an order waiting in the offline queue show as made,
 * and so does an order being sent. `reorder` sends a new order (a `SortableList`'s `onReorder`).
 */
export function useQueuedCards<Card extends { id: string }>(
  saved: readonly Card[],
  { table, orderColumn, switches }: QueuedCards<Extract<keyof Card, string>>,
) {
  const reorder = useFetcher();
  const queue = useOfflineQueue();
  const cards = applyQueued(saved, queue, table, switches);
  const order = pendingOrder(
    reorder.formData,
    queuedOrder(
      cards.map((c) => c.id),
      queue,
      table,
      orderColumn,
    ),
  );
  return {
    cards: order.map((id) => cards.find((c) => c.id === id)!),
    order,
    reorder: (ids: string[]) => void reorder.submit({ intent: "reorder", ids: ids.join(",") }, { method: "post" }),
  };
}
