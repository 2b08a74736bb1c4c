// The unattended way to provision the first administrator: ADMIN_EMAIL + ADMIN_PASSWORD at start create that
// account (or find it) and give it the admin role. Exposes: ensureAdminFromEnv.
import { eq, sql } from "drizzle-orm";
import { ConfigError, type Config } from "~/config.server";
import { db } from "~/db/client.server";
import { user, userRoles } from "~/db/schema";
import { services } from "~/services.server";
import { auth } from "./auth.server";

export type BootstrapOutcome = "none" | "created" | "promoted" | "already-admin";

/**
 * Creates the administrator named by ADMIN_EMAIL with ADMIN_PASSWORD when no account has that e-mail, or
 * promotes the existing account. An existing account keeps its password: the variable only seeds it.
 */
export async function ensureAdminFromEnv(config: Pick<Config, "bootstrapAdmin">): Promise<BootstrapOutcome> {
  const wanted = config.bootstrapAdmin;
  if (!wanted) return "none";
  let existing = await findUserId(wanted.email);
  let created = false;
  if (!existing) {
    try {
      const result = await auth().api.signUpEmail({
        body: { email: wanted.email, password: wanted.password, name: wanted.name },
      });
      existing = result.user.id;
      created = true;
    } catch (error) {
      // A concurrent start may have created it first; anything else is the operator's to fix.
      existing = await findUserId(wanted.email);
      if (!existing) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new ConfigError(
          `Invalid configuration: ADMIN_EMAIL/ADMIN_PASSWORD could not create the administrator: ${reason}.`,
        );
      }
    }
  }
  const [current] = await db().select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, existing));
  if (current?.role === "admin") return "already-admin";
  await db()
    .insert(userRoles)
    .values({ userId: existing, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
  const outcome = created ? "created" : "promoted";
  services().logger.info({ email: wanted.email, outcome }, "administrator from ADMIN_EMAIL");
  return outcome;
}

async function findUserId(email: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: user.id })
    .from(user)
    .where(sql`lower(${user.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row?.id;
}
