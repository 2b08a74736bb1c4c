// Admin: the log of changes to artworks made in the back office (availability, featured, archive, delete),
// with who made them and when. Status Management shows it as the recent-changes list.
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, oneOf } from "./columns";
import { user } from "./auth";
import { artworks } from "./catalog";

export const ARTWORK_EVENT_KINDS = ["availability", "featured", "archived", "restored", "deleted"] as const;
export type ArtworkEventKind = (typeof ARTWORK_EVENT_KINDS)[number];

export const artworkEvents = pgTable(
  "artwork_events",
  {
    id: idColumn(),
    /** Null once the work is deleted; the title below keeps the entry readable. */
    artworkId: uuid("artwork_id").references(() => artworks.id, { onDelete: "set null" }),
    artworkTitle: text("artwork_title").notNull(),
    kind: text("kind").$type<ArtworkEventKind>().notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    /** Who did it: null once that account is deleted; the name below stays. */
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    check("artwork_events_kind_check", oneOf(t.kind, ARTWORK_EVENT_KINDS)),
    index("artwork_events_created_idx").on(t.createdAt.desc()),
    index("artwork_events_artwork_idx").on(t.artworkId, t.createdAt.desc()),
  ],
);
