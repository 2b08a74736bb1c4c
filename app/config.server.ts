// Configuration: the environment, parsed once at boot with one zod schema (ARCHITECTURE.md, Configuration).
import { z } from "zod";

export class ConfigError extends Error {
  override name = "ConfigError";
}

const emptyAsUnset = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
const bool = z.preprocess(
  emptyAsUnset,
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
    .transform((v) => v === "true" || v === "1" || v === "yes")
    .optional(),
);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyAsUnset, schema.optional());

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  PORT: optional(z.coerce.number({ message: "must be a number" }).int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")),
  PUBLIC_URL: optional(z.url({ message: "must be an absolute http(s) URL" })),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  SEED_DEMO: bool,
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  TRUST_PROXY: bool,
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: optional(z.string().min(3).max(320)),
});

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /** Undefined until resolved by resolveAuthSecret (generated into DATA_DIR when unset). */
  authSecret: string | undefined;
  seedDemo: boolean;
  logLevel: string;
  trustProxy: boolean;
  /** Unset: messages are logged and kept in the outbox instead of sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** Parses the environment; throws a ConfigError whose message is one readable line. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join(".")} ${issue.message}.`);
  }
  const e = parsed.data;
  const port = e.PORT ?? 3000;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV ?? "production",
    port,
    host: e.HOST ?? "0.0.0.0",
    dataDir: resolvePath(cwd, e.DATA_DIR ?? "./data"),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    authSecret: e.AUTH_SECRET,
    seedDemo: e.SEED_DEMO ?? true,
    logLevel: e.LOG_LEVEL ?? "info",
    trustProxy: e.TRUST_PROXY ?? false,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `studio@${new URL(publicUrl).hostname}`,
  };
}

function resolvePath(cwd: string, p: string): string {
  if (p.startsWith("/")) return p;
  return `${cwd.replace(/\/+$/, "")}/${p.replace(/^\.\//, "")}`;
}

/** A database URL safe to print: the password is replaced. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString();
  } catch {
    return "(unparseable URL)";
  }
}
