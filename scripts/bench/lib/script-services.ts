// The app's services for a bench script run with tsx (a database, local storage, a silent logger), migrated:
// what the server's boot sets up, minus HTTP. The caller closes the handle.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { loadConfig } from "~/config.server";
import { openDatabase, type DatabaseHandle } from "~/db/client.server";
import { setLocalServices } from "../../../server/local-services";

export async function openScriptServices(options: {
  dataDir: string;
  /** A PostgreSQL server; else PGlite in `dataDir`, or in memory with `inMemory`. */
  databaseUrl?: string;
  inMemory?: boolean;
  env?: Record<string, string>;
}): Promise<DatabaseHandle> {
  const { dataDir, databaseUrl, inMemory } = options;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    AUTH_SECRET: "x".repeat(32),
    ...options.env,
  });
  const handle = await openDatabase(inMemory ? { inMemory: true } : { databaseUrl, dataDir });
  setLocalServices(config, handle.db, dataDir);
  await handle.migrate();
  return handle;
}

/**
 * The command line of a bench script on a DATA_DIR: `--data-dir DIR` (required), `--database-url URL` (a
 * PostgreSQL server; else PGlite in DIR), and the script's own `options`, whose values come back in `values`.
 */
export function scriptArgs<O extends NonNullable<ParseArgsConfig["options"]>>(options: O) {
  const { values } = parseArgs({
    options: { "data-dir": { type: "string" }, "database-url": { type: "string" }, ...options } as const,
  });
  const { "data-dir": dataDir, "database-url": databaseUrl } = values as {
    "data-dir"?: string;
    "database-url"?: string;
  };
  if (!dataDir) throw new Error("--data-dir is required");
  return { dataDir, databaseUrl, values };
}
