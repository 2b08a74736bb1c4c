// The schema in app/db/schema and the committed migrations in drizzle/ say the same: a change to the schema
// without its migration (`npm run db:generate`, docs/development.md) would run against tables that lack it.
import { readFileSync } from "node:fs";
import { generateDrizzleJson, generateMigration } from "drizzle-kit/api";
import { describe, expect, it } from "vitest";
import * as schema from "./schema";

describe("the committed migrations", () => {
  it("are the schema: drizzle-kit would generate nothing from the last snapshot", async () => {
    const meta = (file: string) => readFileSync(new URL(`../../drizzle/meta/${file}`, import.meta.url), "utf8");
    const journal = JSON.parse(meta("_journal.json")) as { entries: { idx: number }[] };
    const last = journal.entries.at(-1)!;
    const snapshot = JSON.parse(meta(`${String(last.idx).padStart(4, "0")}_snapshot.json`)) as { id: string };
    // drizzle-kit types its snapshots with a zod of its own that this project's types cannot read: `unknown` here.
    const current: unknown = generateDrizzleJson(schema, snapshot.id);
    const statements = await generateMigration(snapshot, current);
    expect(statements).toEqual([]);
  });
});
