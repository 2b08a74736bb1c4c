// One line of a commission's history (stage, quote, payment, note, photo): written by the pipeline and by the
// progress photos, so neither imports the other.
import { commissionEvents } from "~/db/schema";
import { db, type Database } from "~/db/client.server";

/** Who made a change, as the history shows it. */
export interface Actor {
  name: string;
}

export type EventKind = "stage" | "note" | "quote" | "payment" | "photo";

/** Writes one line of a commission's history (in the caller's transaction when it has one). */
export async function logCommissionEvent(
  commissionId: string,
  actor: Actor,
  event: { kind: EventKind; from?: string | null; to?: string | null; note?: string },
  tx: Database = db(),
) {
  await tx.insert(commissionEvents).values({
    commissionId,
    kind: event.kind,
    fromValue: event.from ?? null,
    toValue: event.to ?? null,
    note: event.note ?? "",
    actorName: actor.name,
  });
}
