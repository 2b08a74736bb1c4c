// `npm run create-admin -- --email E --password P [--name N] [--promote-existing]`: creates an administrator
// (through better-auth, so the password policy and argon2id apply), or with --promote-existing makes an
// existing account one. Uses the same
// configuration as the server (DATA_DIR or DATABASE_URL); with the embedded database the server must be
// stopped first, because only one process may open it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "~/config.server";
import { openDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { createLogger } from "~/logger.server";
import { createAuth } from "~/modules/auth/auth.server";
import { createOrPromoteAdministrator } from "~/modules/auth/flows.server";
import { LogSmsSender } from "~/modules/auth/sms.server";
import "~/modules/mail/mail.server";
import { LocalDiskStorage } from "~/modules/media/storage.server";
import { setServices } from "~/services.server";
import { resolveAuthSecret } from "../server/secrets";

const USAGE = "usage: npm run create-admin -- --email E --password P [--name N] [--promote-existing]";

function fail(message: string, code = 1): never {
  process.stderr.write(`create-admin: ${message}\n`);
  process.exit(code);
}

async function main() {
  let values: { email?: string; password?: string; name?: string; help?: boolean; "promote-existing"?: boolean };
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: "string" },
        password: { type: "string" },
        name: { type: "string" },
        "promote-existing": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`, 2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!values.email || !values.password) fail(`--email and --password are required.\n${USAGE}`, 2);

  const config = loadConfig();
  // Run without the server's settings, DATA_DIR is ./data: say so when a new shop is made there for the account.
  const newShop = !config.databaseUrl && !existsSync(join(config.dataDir, "pgdata"));
  config.authSecret = resolveAuthSecret(config.dataDir, config.authSecret).secret;
  const logger = createLogger(process.env.LOG_LEVEL ?? "warn");
  let handle;
  try {
    handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    if (error instanceof DataDirLockedError)
      fail(
        `${error.message}\nThe server keeps the embedded database open while it runs: stop it (Ctrl-C or SIGTERM), run create-admin, then start it again.`,
      );
    throw error;
  }
  try {
    const base = {
      config,
      logger,
      db: handle.db,
      storage: new LocalDiskStorage(join(config.dataDir, "media")),
      sms: new LogSmsSender(logger),
    };
    setServices({ ...base, auth: createAuth(base) });
    await handle.migrate();
    const result = await createOrPromoteAdministrator({
      email: values.email,
      password: values.password,
      fullName: values.name?.trim() ?? "",
      promoteExisting: values["promote-existing"] === true,
    });
    if (!result.ok) fail(result.message);
    if (newShop)
      process.stdout.write(
        `create-admin: ${config.dataDir} held no shop's database, so a new one was made there. If the server runs with another DATA_DIR (or DATABASE_URL), run this again with it.\n`,
      );
    const email = values.email.trim().toLowerCase();
    process.stdout.write(
      result.data.created
        ? `create-admin: created the administrator ${email}. Sign in at ${config.publicUrl}/auth\n`
        : `create-admin: ${email} already had an account; it is now an administrator (its password is unchanged).\n`,
    );
  } finally {
    setServices(undefined);
    await handle.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) fail(error.message);
  fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
});
