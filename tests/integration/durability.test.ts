import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase, queryRows } from "~/db/client.server";
import { siteSettings } from "~/db/schema";

describe("embedded database durability", () => {
  const dir = mkdtempSync(join(tmpdir(), "atelier-durable-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("runs with fsync on and syncs the WAL to disk at every commit", async () => {
    const handle = await openDatabase({ dataDir: dir });
    try {
      await handle.migrate();
      const [settings] = await queryRows<{ fsync: string; method: string; commit: string }>(
        handle.db,
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method, current_setting('synchronous_commit') as commit`,
      );
      expect(settings).toEqual({ fsync: "on", method: "fsync", commit: "on" });
      const before = handle.syncCount!();
      await handle.db.insert(siteSettings).values({ id: 1, data: { siteTitle: "Durable" } });
      expect(handle.syncCount!()).toBeGreaterThan(before);
    } finally {
      await handle.close();
    }
    // Reopened, the committed row is there.
    const again = await openDatabase({ dataDir: dir });
    try {
      const rows = await again.db.select().from(siteSettings);
      expect(rows[0]?.data).toEqual({ siteTitle: "Durable" });
    } finally {
      await again.close();
    }
  });

  it("refuses a second opener of the same data directory", async () => {
    const handle = await openDatabase({ dataDir: dir });
    try {
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(/is in use by process/);
    } finally {
      await handle.close();
    }
  });
});
