// Columns most tables share, written once: a UUID key (v7 from the app, so new rows sort by time; a random
// one from the database for rows inserted by SQL), and the moments a row was made and last changed.
import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "~/lib/uuid";

export const idColumn = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(uuidv7);

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
