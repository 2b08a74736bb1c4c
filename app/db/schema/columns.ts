// Columns most tables share, written once: a UUID key (v7 from the app, so new rows sort by time; a random
// one from the database for rows inserted by SQL), the moments a row was made and last changed, a yearly
// numbering (invoices, certificates), the check on a bill's totals (orders, invoices), and the check that a
// column holds one of its type's values.
import { sql } from "drizzle-orm";
import { type AnyPgColumn, check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { uuidv7 } from "~/lib/uuid";

/**
 * The check that `column` holds one of `values`: give it the list the column's type is made of
 * (`(typeof ORDER_STATUSES)[number]`), so that the type and the database never accept different values.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]) {
  if (values.some((value) => !/^[a-z_-]+$/.test(value))) throw new Error(`not a plain word in ${values.join(", ")}`);
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

export const idColumn = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`)
    .$defaultFn(uuidv7);

export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A row's required link to the row it belongs to: removed with it ("cascade"), or keeping it from removal
 * ("restrict", e.g. an image still in use).
 */
export const belongsTo = (name: string, target: () => AnyPgColumn, onDelete: "cascade" | "restrict" = "cascade") =>
  uuid(name).notNull().references(target, { onDelete });

/**
 * The last number given in each year for a gap-free yearly series (invoices, certificates): the row is taken
 * with a lock in the transaction that issues the next one, so a rolled-back issue gives its number back.
 */
export const yearCounterTable = <Name extends string>(name: Name) =>
  pgTable(
    name,
    {
      year: integer("year").primaryKey(),
      last: integer("last").notNull(),
    },
    (t) => [check(`${name}_last_check`, sql`${t.last} > 0`)],
  );

/**
 * A document's place in such a series: the `number` people see (INV-2026-0001), made of its `year` and
 * `sequence`; never reused. `yearlyNumberIndexes` keeps both unique.
 */
export const yearlyNumberColumns = () => ({
  number: text("number").notNull(),
  year: integer("year").notNull(),
  sequence: integer("sequence").notNull(),
});

export const yearlyNumberIndexes = (
  table: string,
  t: { number: AnyPgColumn; year: AnyPgColumn; sequence: AnyPgColumn },
) => [
  uniqueIndex(`${table}_number_idx`).on(t.number),
  uniqueIndex(`${table}_year_sequence_idx`).on(t.year, t.sequence),
];

/** A bill's amounts (orders, invoices): none negative, and the total the sum of the subtotal, shipping and tax. */
export const totalsCheck = (
  table: string,
  t: { subtotalCents: AnyPgColumn; shippingCents: AnyPgColumn; taxCents: AnyPgColumn; totalCents: AnyPgColumn },
) =>
  check(
    `${table}_totals_check`,
    sql`${t.subtotalCents} >= 0 and ${t.shippingCents} >= 0 and ${t.taxCents} >= 0 and ${t.totalCents} = ${t.subtotalCents} + ${t.shippingCents} + ${t.taxCents}`,
  );
