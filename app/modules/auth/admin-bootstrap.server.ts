// The unattended way to provision the first administrator: ADMIN_EMAIL + ADMIN_PASSWORD at start create that
// account (or find it) and give it the admin role. Exposes: ensureAdminFromEnv.
import { eq, sql } from "drizzle-orm";
import { ConfigError, type Config } from "~/config.server";
import { db } from "~/db/client.server";
import { user, userRoles } from "~/db/schema";
import { services } from "~/services.server";
import { createOrPromoteAdministrator } from "./flows.server";

export type BootstrapOutcome = "none" | "created" | "promoted" | "already-admin";

/**
 * Creates the administrator named by ADMIN_EMAIL with ADMIN_PASSWORD when no account has that e-mail. An
 * existing account that is not an administrator is promoted only with ADMIN_PROMOTE_EXISTING=true (it keeps
 * its password: the variable only seeds a new account); otherwise the start is refused.
 */
export async function ensureAdminFromEnv(config: Pick<Config, "bootstrapAdmin">): Promise<BootstrapOutcome> {
  const wanted = config.bootstrapAdmin;
  if (!wanted) return "none";
  let existing = await findUserId(wanted.email);
  if (!existing) {
    // The operator vouches for this address, as with create-admin: a confirmed account, no confirmation mail.
    const result = await createOrPromoteAdministrator({
      email: wanted.email,
      password: wanted.password,
      fullName: wanted.name,
    });
    if (result.ok) {
      services().logger.info({ email: wanted.email, outcome: "created" }, "administrator from ADMIN_EMAIL");
      return "created";
    } else {
      // A concurrent start may have created it first; anything else is the operator's to fix.
      existing = await findUserId(wanted.email);
      if (!existing)
        throw new ConfigError(
          `Invalid configuration: ADMIN_EMAIL/ADMIN_PASSWORD could not create the administrator: ${result.message}`,
        );
    }
  }
  const [current] = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, existing));
  if (current?.role === "admin") return "already-admin";
  if (!wanted.promoteExisting) {
    // Someone may have signed up with this address first: their password would become the admin's.
    throw new ConfigError(
      `Invalid configuration: ADMIN_EMAIL names an account that already exists and is not an administrator (${wanted.email}). To promote it (its password stays as it is), set ADMIN_PROMOTE_EXISTING=true for one start, or run npm run create-admin -- --promote-existing.`,
    );
  }
  await db()
    .insert(userRoles)
    .values({ userId: existing, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  services().logger.info({ email: wanted.email, outcome: "promoted" }, "administrator from ADMIN_EMAIL");
  return "promoted";
}

async function findUserId(email: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.id;
}
