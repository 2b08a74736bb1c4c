// Account records beside better-auth's own: profiles (full name), roles, the spec's auth factors, the
// browsers each user signs in from (sign-in alerts) and the first-run setup tokens.
// Owns: profiles, user_roles, auth_factors, known_devices, setup_tokens. Exposes the functions below.
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { verify as verifyHash } from "@node-rs/argon2";
import { account, authFactors, knownDevices, profiles, setupTokens, twoFactor, user, userRoles } from "~/db/schema";
import { formatDateTime } from "~/lib/dates";
import { uuidv7 } from "~/lib/uuid";
import { sendMail } from "~/modules/mail/mail.server";
import { getSettings } from "~/modules/settings/settings.server";
import { describeUserAgent } from "./user-agent";
import { hitRateLimit, RATE_LIMITS } from "~/modules/security/rate-limit.server";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

// ---- users, profiles, roles ----

export async function findUserByEmail(email: string) {
  return db().query.user.findFirst({ where: sql`lower(${user.email}) = ${email.trim().toLowerCase()}` });
}

/**
 * A person's name, in the account (better-auth's user.name: sessions, mails) and their profile (the spec's
 * full_name) at once: both or neither.
 */
export async function setFullName(userId: string, fullName: string): Promise<void> {
  await db().transaction(async (tx) => {
    await tx.update(user).set({ name: fullName, updatedAt: new Date() }).where(eq(user.id, userId));
    await tx
      .insert(profiles)
      .values({ id: userId, fullName })
      .onConflictDoUpdate({ target: profiles.id, set: { fullName, updatedAt: sql`now()` } });
  });
}

/** Too many password checks for one account in a short time (a borrowed session guessing the password). */
export class PasswordAttemptsExceeded extends Error {
  override name = "PasswordAttemptsExceeded";
  constructor(readonly retryAfterSeconds: number) {
    super("Too many password attempts");
  }
}

/**
 * Checks a password against the account's stored argon2id hash (the account page, the first-run setup). Each
 * check counts against the account's limit (10 in 15 minutes); past it, PasswordAttemptsExceeded is thrown
 * before any hash is computed.
 */
export async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const limit = await hitRateLimit(`password:user:${userId}`, RATE_LIMITS.accountPassword);
  if (!limit.allowed) throw new PasswordAttemptsExceeded(limit.retryAfterSeconds);
  const credential = await db().query.account.findFirst({
    where: and(eq(account.userId, userId), eq(account.providerId, "credential")),
    columns: { password: true },
  });
  if (!credential?.password) return false;
  return verifyHash(credential.password, password).catch(() => false);
}

export async function markEmailVerified(userId: string): Promise<void> {
  await db()
    .update(user)
    .set({ emailVerified: true, updatedAt: sql`now()` })
    .where(eq(user.id, userId));
}

export async function hasAdministrator(): Promise<boolean> {
  const row = await db().query.userRoles.findFirst({ where: eq(userRoles.role, "admin"), columns: { userId: true } });
  return row !== undefined;
}

export async function grantAdmin(userId: string): Promise<void> {
  await db()
    .insert(userRoles)
    .values({ userId, role: "admin" })
    .onConflictDoUpdate({ target: userRoles.userId, set: { role: "admin" } });
}

// ---- first-run setup ----

/** A fresh one-time setup token (printed once in the server log; only its hash is stored). */
export async function issueSetupToken(): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  await db()
    .delete(setupTokens)
    .where(sql`${setupTokens.expiresAt} < now()`);
  await db()
    .insert(setupTokens)
    .values({ tokenHash: sha256(token) });
  return token;
}

/** True while the token is unexpired and no administrator exists. */
export async function setupTokenIsValid(token: string): Promise<boolean> {
  if (!token || (await hasAdministrator())) return false;
  const row = await db().query.setupTokens.findFirst({
    where: and(eq(setupTokens.tokenHash, sha256(token)), gt(setupTokens.expiresAt, sql`now()`)),
  });
  return row !== undefined;
}

/** Spends the token (once, even under concurrent requests); false when it was not valid. */
export async function consumeSetupToken(token: string): Promise<boolean> {
  if (!token || (await hasAdministrator())) return false;
  const spent = await db()
    .delete(setupTokens)
    .where(and(eq(setupTokens.tokenHash, sha256(token)), gt(setupTokens.expiresAt, sql`now()`)))
    .returning({ tokenHash: setupTokens.tokenHash });
  return spent.length === 1;
}

/** Once an administrator exists, no setup token works any more. */
export async function clearSetupTokens(): Promise<void> {
  await db().delete(setupTokens);
}

// ---- sign-in alerts ----

export interface SignIn {
  userId: string;
  userAgent: string;
  ipAddress: string;
}

/**
 * Remembers the browser (user agent + client address) a session was made from. When it is new for an
 * account that has signed in from somewhere else before, the owner gets a "sign-in-alert" mail.
 * Returns whether an alert was sent.
 */
export async function noteSignIn({ userId, userAgent, ipAddress }: SignIn): Promise<boolean> {
  const deviceKey = sha256(`${userAgent}\n${ipAddress}`);
  const [row] = await db()
    .insert(knownDevices)
    .values({ userId, deviceKey, userAgent: userAgent.slice(0, 512), ipAddress })
    .onConflictDoUpdate({
      target: [knownDevices.userId, knownDevices.deviceKey],
      set: { lastSeenAt: sql`clock_timestamp()` },
    })
    .returning({ firstSeenAt: knownDevices.firstSeenAt, lastSeenAt: knownDevices.lastSeenAt });
  const isNew = row !== undefined && row.firstSeenAt.getTime() === row.lastSeenAt.getTime();
  if (!isNew) return false;
  const others = await db().$count(
    knownDevices,
    and(eq(knownDevices.userId, userId), ne(knownDevices.deviceKey, deviceKey)),
  );
  if (others === 0) return false;
  const account = await db().query.user.findFirst({ where: eq(user.id, userId), columns: { email: true } });
  if (!account) return false;
  await sendMail(account.email, "sign-in-alert", {
    // In the studio's time zone, as every date the shop sends ("November 21, 2026 at 9:14 AM CST").
    when: formatDateTime(new Date(), (await getSettings()).shop.timeZone),
    device: describeUserAgent(userAgent),
    ip: ipAddress || "unknown",
  });
  return true;
}

// ---- second factors (spec §3 "Auth factor") ----

export interface Factor {
  id: string;
  factorType: "totp" | "phone";
  status: "verified" | "unverified";
  friendlyName: string;
  issuer: string | null;
  phone: string | null;
  createdAt: Date;
}

/** The user's factors, oldest first. A TOTP secret enabled outside /account still shows, as "Authenticator app". */
export async function listFactors(userId: string): Promise<Factor[]> {
  const [rows, secret] = await Promise.all([
    db().select().from(authFactors).where(eq(authFactors.userId, userId)).orderBy(asc(authFactors.createdAt)),
    db().query.twoFactor.findFirst({ where: eq(twoFactor.userId, userId), columns: { verified: true } }),
  ]);
  const factors: Factor[] = rows.map((r) => ({
    id: r.id,
    factorType: r.factorType as Factor["factorType"],
    status: r.status as Factor["status"],
    friendlyName: r.friendlyName,
    issuer: r.issuer,
    phone: r.phone,
    createdAt: r.createdAt,
  }));
  if (secret?.verified && !factors.some((f) => f.factorType === "totp" && f.status === "verified")) {
    factors.unshift({
      id: "totp",
      factorType: "totp",
      status: "verified",
      friendlyName: "Authenticator app",
      issuer: "Atelier",
      phone: null,
      createdAt: new Date(0),
    });
  }
  return factors;
}

/** Starts a TOTP enrolment: one pending factor at a time (better-auth keeps one secret per user). */
export async function startTotpFactor(userId: string, friendlyName: string, issuer: string): Promise<string> {
  await db()
    .delete(authFactors)
    .where(
      and(eq(authFactors.userId, userId), eq(authFactors.factorType, "totp"), eq(authFactors.status, "unverified")),
    );
  const id = uuidv7();
  await db().insert(authFactors).values({ id, userId, factorType: "totp", friendlyName, issuer });
  return id;
}

/** The user's factor of this type is confirmed (its first code was right). */
export async function markFactorVerified(userId: string, factorType: "totp" | "phone"): Promise<void> {
  await db()
    .update(authFactors)
    .set({ status: "verified", updatedAt: sql`now()` })
    .where(and(eq(authFactors.userId, userId), eq(authFactors.factorType, factorType)));
}

export async function removeFactors(userId: string, factorType: Factor["factorType"]): Promise<void> {
  await db()
    .delete(authFactors)
    .where(and(eq(authFactors.userId, userId), eq(authFactors.factorType, factorType)));
}

/** Starts a phone enrolment (one phone per user): pending until a texted code is entered. */
export async function startPhoneFactor(userId: string, friendlyName: string, phone: string): Promise<string> {
  await removeFactors(userId, "phone");
  const id = uuidv7();
  await db().insert(authFactors).values({ id, userId, factorType: "phone", friendlyName, phone });
  return id;
}

/** The number codes go to: the verified phone factor, else one being enrolled. */
export async function phoneForSecondFactor(userId: string): Promise<string | null> {
  const [row] = await db()
    .select({ phone: authFactors.phone })
    .from(authFactors)
    .where(and(eq(authFactors.userId, userId), eq(authFactors.factorType, "phone")))
    .orderBy(desc(sql`${authFactors.status} = 'verified'`), desc(authFactors.createdAt))
    .limit(1);
  return row?.phone ?? null;
}

/** Which second factors a sign-in can ask for (backup codes always work when any factor does). */
export async function secondFactorMethods(userId: string): Promise<{ totp: boolean; phone: boolean }> {
  const factors = await listFactors(userId);
  return {
    totp: factors.some((f) => f.factorType === "totp" && f.status === "verified"),
    phone: factors.some((f) => f.factorType === "phone" && f.status === "verified"),
  };
}
