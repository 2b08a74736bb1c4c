// A logical dump of the application's tables as plain SQL: INSERT statements in foreign-key order, then the
// sequences, read inside one REPEATABLE READ, READ ONLY transaction, so it is a consistent snapshot while the
// shop keeps serving (PGlite or PostgreSQL alike). Values travel as PostgreSQL's own text form, quoted with
// quote_nullable, and are cast back by the column types on insert. Generated columns are left to the database.
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";

export interface TableSummary {
  name: string;
  rows: number;
  /** sha256 over the table's rows in primary-key order, as dumped: the same rows give the same digest. */
  sha256: string;
}

interface Column {
  table: string;
  column: string;
  generated: boolean;
}

const ROWS_PER_STATEMENT = 200;
const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The application's tables (schema public), parents before children. */
export async function tablesInOrder(db: Database): Promise<string[]> {
  const tables = (
    await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    )
  ).map((t) => t.name);
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
        from pg_constraint k
        join pg_class c on c.oid = k.conrelid join pg_namespace n on n.oid = c.relnamespace
        join pg_class p on p.oid = k.confrelid
        where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...parents.get(t)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle: no order to dump them in");
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered;
}

async function columnsOf(db: Database): Promise<Map<string, Column[]>> {
  const rows = await queryRows<{ table: string; column: string; generated: string }>(
    db,
    sql`select table_name as table, column_name as column, is_generated as generated
        from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const byTable = new Map<string, Column[]>();
  for (const r of rows) {
    const list = byTable.get(r.table) ?? [];
    list.push({ table: r.table, column: r.column, generated: r.generated === "ALWAYS" });
    byTable.set(r.table, list);
  }
  return byTable;
}

/** The primary-key columns of a table (every column when it has none), for a stable row order. */
async function orderColumns(db: Database, table: string, columns: Column[]): Promise<string[]> {
  const keys = await queryRows<{ column: string }>(
    db,
    sql`select a.attname as column from pg_index i
        join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
        where i.indrelid = ${`public.${quoteIdent(table)}`}::regclass and i.indisprimary
        order by array_position(i.indkey, a.attnum)`,
  );
  return keys.length > 0 ? keys.map((k) => k.column) : columns.filter((c) => !c.generated).map((c) => c.column);
}

/**
 * Reads one table in one statement and hands its INSERTs to `write`; returns its summary. Must run inside the
 * snapshot transaction.
 */
async function dumpTable(
  tx: Database,
  table: string,
  columns: Column[],
  write: (text: string) => Promise<void>,
): Promise<TableSummary> {
  const stored = columns.filter((c) => !c.generated);
  const order = await orderColumns(tx, table, columns);
  const values = stored.map((c) => `quote_nullable(${quoteIdent(c.column)}::text)`).join(` || ',' || `);
  const rows = await queryRows<{ v: string }>(
    tx,
    sql.raw(
      `select '(' || ${values} || ')' as v from public.${quoteIdent(table)} order by ${order.map((c) => `${quoteIdent(c)}::text collate "C"`).join(", ")}`,
    ),
  );
  const hash = createHash("sha256");
  const head = `INSERT INTO public.${quoteIdent(table)} (${stored.map((c) => quoteIdent(c.column)).join(", ")}) OVERRIDING SYSTEM VALUE VALUES\n`;
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const batch = rows.slice(i, i + ROWS_PER_STATEMENT).map((r) => r.v);
    for (const v of batch) hash.update(v).update("\n");
    await write(`${head}${batch.join(",\n")};\n`);
  }
  return { name: table, rows: rows.length, sha256: hash.digest("hex") };
}

/** setval() for every sequence of schema public, so new rows continue where the old database stopped. */
async function sequenceStatements(tx: Database): Promise<string[]> {
  const seqs = await queryRows<{ name: string; last: string | null; called: boolean }>(
    tx,
    sql`select sequencename as name, last_value::text as last, last_value is not null as called
        from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  return seqs
    .filter((s) => s.last !== null)
    .map((s) => `SELECT setval('public.${quoteIdent(s.name)}', ${s.last}, true);\n`);
}

export interface DumpResult {
  tables: TableSummary[];
  migrations: number;
}

/**
 * The session settings a dump is read and restored with: values and digests are then the same whatever the
 * server's time zone or date style (a backup made on a server in Paris restores and verifies on one in UTC).
 * Row order is by the keys' text in byte order (collate "C"), not the database's collation.
 */
const SETTINGS: [string, string][] = [
  ["TimeZone", "UTC"],
  ["DateStyle", "ISO, YMD"],
  ["IntervalStyle", "postgres"],
  ["extra_float_digits", "3"],
];
/** As the dump file states them, right after its BEGIN. */
export const DUMP_SETTINGS = SETTINGS.map(([name, value]) => `SET LOCAL ${name} = '${value}';`).join("\n");
/** As one statement (a prepared statement holds one command). */
const SETTINGS_QUERY = `select ${SETTINGS.map(([name, value]) => `set_config('${name}', '${value}', true)`).join(", ")}`;

/**
 * Writes the data of every table; runs inside the caller's transaction (whose snapshot it reads). `chunkMarker`
 * marks where a restore may run what came before (it carries a nonce of this dump, so no stored text can forge
 * one).
 */
export async function dumpWithin(
  tx: Database,
  write: (text: string) => Promise<void>,
  chunkMarker: string,
): Promise<DumpResult> {
  await tx.execute(sql.raw(SETTINGS_QUERY));
  const columns = await columnsOf(tx);
  const tables: TableSummary[] = [];
  await write("-- Atelier data: run after the schema (the migrations in drizzle/, or the schema part above).\n");
  await write(`BEGIN;\n${DUMP_SETTINGS}\n`);
  for (const table of await tablesInOrder(tx)) {
    tables.push(await dumpTable(tx, table, columns.get(table) ?? [], write));
    await write(`${chunkMarker}\n`);
  }
  for (const statement of await sequenceStatements(tx)) await write(statement);
  await write("COMMIT;\n");
  // Never a failing statement here: it would abort the caller's transaction.
  const [known] = await queryRows<{ t: string | null }>(
    tx,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as t`,
  );
  const migrations = known?.t ? await tx.$count(sql`drizzle.__drizzle_migrations`) : 0;
  return { tables, migrations };
}

/** The data of every table as of one moment (a REPEATABLE READ, READ ONLY transaction of its own). */
export function dumpDatabase(
  db: Database,
  write: (text: string) => Promise<void>,
  chunkMarker: string,
): Promise<DumpResult> {
  return db.transaction((tx) => dumpWithin(tx, write, chunkMarker), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
}

/** Each table's row count and digest as `tx` sees it (what a restore is compared with, before it commits). */
export async function summarizeWithin(tx: Database): Promise<TableSummary[]> {
  return (await dumpWithin(tx, () => Promise.resolve(), "")).tables;
}

/** Each table's row count and digest as the database holds it now. */
export function summarizeDatabase(db: Database): Promise<TableSummary[]> {
  return db.transaction((tx) => summarizeWithin(tx), { isolationLevel: "repeatable read", accessMode: "read only" });
}
