// Accounts. The first seven tables are better-auth's (core, two-factor, JWT, database rate limits), with
// the property names its Drizzle adapter expects and snake_case columns; profiles, user_roles and
// auth_factors are the spec's (§3).
import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAtColumn, updatedAtColumn } from "./columns";

export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull().default(""),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    twoFactorEnabled: boolean("two_factor_enabled").default(false),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [uniqueIndex("user_email_key").on(sql`lower(${t.email})`)],
);

/** A row of the signed-in user's own, removed with the account. */
export const userIdColumn = () =>
  text("user_id")
    .notNull()
    .references(() => user.id, { onDelete: "cascade" });

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: userIdColumn(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("session_user_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: userIdColumn(),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    /** The argon2id hash, for the "credential" provider. */
    password: text("password"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("account_user_idx").on(t.userId), uniqueIndex("account_provider_key").on(t.providerId, t.accountId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const twoFactor = pgTable(
  "two_factor",
  {
    id: text("id").primaryKey(),
    secret: text("secret").notNull(),
    backupCodes: text("backup_codes").notNull(),
    userId: userIdColumn(),
    verified: boolean("verified").default(false),
    failedVerificationCount: integer("failed_verification_count").default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
  },
  (t) => [index("two_factor_user_idx").on(t.userId), index("two_factor_secret_idx").on(t.secret)],
);

export const jwks = pgTable("jwks", {
  id: text("id").primaryKey(),
  publicKey: text("public_key").notNull(),
  privateKey: text("private_key").notNull(),
  alg: text("alg"),
  crv: text("crv"),
  createdAt: createdAtColumn(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/** Spec §3: one row per user (full_name; "" when none was given at sign-up). */
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name").notNull().default(""),
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
});

/** Spec §3: user_id, role ("admin" is the only value read); one role per user. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [check("user_roles_role_check", sql`${t.role} in ('admin', 'user')`)],
);

/**
 * Spec §3 "Auth factor": what a user sees of their second factors. The TOTP secret and backup codes live in
 * two_factor (better-auth); a phone factor's number lives here and codes go out through the SmsSender.
 */
export const authFactors = pgTable(
  "auth_factors",
  {
    id: text("id").primaryKey(),
    userId: userIdColumn(),
    factorType: text("factor_type").notNull(),
    status: text("status").notNull().default("unverified"),
    friendlyName: text("friendly_name").notNull(),
    issuer: text("issuer"),
    phone: text("phone"),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("auth_factors_user_idx").on(t.userId),
    check("auth_factors_type_check", sql`${t.factorType} in ('totp', 'phone')`),
    check("auth_factors_status_check", sql`${t.status} in ('unverified', 'verified')`),
  ],
);
