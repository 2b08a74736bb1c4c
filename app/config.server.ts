// Configuration: the environment, parsed once at boot with one zod schema (ARCHITECTURE.md, Configuration).
import { availableParallelism } from "node:os";
import { isIP } from "node:net";
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

/**
 * The JS heap may grow by as much as was live before V8 collects it in full. V8's own choice lets it reach
 * four times that under load, which is request garbage, not data (docs/benchmarks.md, "The memory goal").
 */
export const DEFAULT_HEAP_GROWTH_PERCENT = 100;

const EnvSchema = z.object({
  NODE_ENV: optional(z.enum(["development", "production", "test"])),
  PORT: optional(z.coerce.number({ message: "must be a number" }).int().min(0).max(65535)),
  HOST: optional(z.string()),
  DATA_DIR: optional(z.string()),
  DATABASE_URL: optional(z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL")),
  PUBLIC_URL: optional(z.url({ message: "must be an absolute http(s) URL" })),
  AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
  // Earlier secrets after a change of AUTH_SECRET, newest first, separated by commas (docs/operations.md).
  AUTH_PREVIOUS_SECRETS: optional(
    z
      .string()
      .transform((list) =>
        list
          .split(",")
          .map((secret) => secret.trim())
          .filter(Boolean),
      )
      .refine(
        (list) => list.every((secret) => secret.length >= 32),
        "must list secrets of at least 32 characters each",
      ),
  ),
  SEED_DEMO: bool,
  REQUIRE_ADMIN_TWO_FACTOR: bool,
  LOG_LEVEL: optional(z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])),
  TRUST_PROXY: optional(z.string().trim()),
  REALTIME_MAX_CONNECTIONS: optional(z.coerce.number({ message: "must be a number" }).int().min(1).max(1_000_000)),
  NEWSLETTER_PER_MINUTE: optional(z.coerce.number({ message: "must be a number" }).int().min(1).max(100_000)),
  SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")),
  MAIL_FROM: optional(z.string().min(3).max(320)),
  STRIPE_SECRET_KEY: optional(z.string().regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret key (sk_…)")),
  STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_\w+$/, "must be a Stripe webhook signing secret (whsec_…)")),
  STRIPE_API_BASE: optional(z.url({ message: "must be an absolute http(s) URL" })),
  TWILIO_ACCOUNT_SID: optional(z.string().regex(/^AC[0-9a-fA-F]{32}$/, "must be a Twilio account SID (AC…)")),
  TWILIO_AUTH_TOKEN: optional(z.string().min(16, "must be a Twilio auth token")),
  TWILIO_FROM: optional(
    z
      .string()
      .regex(/^(\+[1-9]\d{6,14}|MG[0-9a-fA-F]{32})$/, "must be a number in +E.164 form or a messaging service SID"),
  ),
  TWILIO_API_BASE: optional(z.url({ message: "must be an absolute http(s) URL" })),
  GOOGLE_CLIENT_ID: optional(z.string()),
  GOOGLE_CLIENT_SECRET: optional(z.string()),
  GITHUB_CLIENT_ID: optional(z.string()),
  GITHUB_CLIENT_SECRET: optional(z.string()),
  OIDC_ISSUER: optional(z.url({ message: "must be an absolute http(s) URL" })),
  OIDC_CLIENT_ID: optional(z.string()),
  OIDC_CLIENT_SECRET: optional(z.string()),
  OIDC_NAME: optional(z.string().max(40)),
  AUTH_RATE_LIMIT_MULTIPLIER: optional(z.coerce.number({ message: "must be a number" }).min(1).max(1000)),
  ADMIN_EMAIL: optional(z.email({ message: "must be an e-mail address" })),
  ADMIN_PASSWORD: optional(z.string()),
  ADMIN_NAME: optional(z.string().max(120)),
  ADMIN_PROMOTE_EXISTING: bool,
  PAGE_CACHE_MB: optional(z.coerce.number({ message: "must be a number" }).min(0).max(4096)),
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")),
  BACKUP_KEEP: optional(z.coerce.number({ message: "must be a number" }).int().min(0).max(365)),
  STORAGE_SWEEP_HOURS: optional(
    z.coerce
      .number({ message: "must be a number" })
      .int()
      .max(8760)
      .refine((hours) => hours === 0 || hours >= 24, "must be 0 (off) or at least 24"),
  ),
  WEB_CONCURRENCY: optional(z.coerce.number({ message: "must be a number" }).int().min(1).max(64)),
  HEAP_GROWTH_PERCENT: optional(z.coerce.number({ message: "must be a number" }).int().min(0).max(1000)),
  STORAGE_URL: optional(z.string().regex(/^s3:\/\/[^/?#]+/, "must look like s3://bucket?region=…&endpoint=…")),
  MEDIA_PUBLIC_URL: optional(z.url({ message: "must be an absolute http(s) URL" })),
});

export interface OAuthClient {
  clientId: string;
  clientSecret: string;
}

export interface Config {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  /**
   * The origins a browser reaches the site at, which its forms, sign-in and realtime socket accept: PUBLIC_URL's;
   * without PUBLIC_URL (a local start), localhost and 127.0.0.1 on the port. Not [::1]: React Router's Express
   * adapter drops the port of an IPv6 Host, so its own origin check refuses every form posted there.
   */
  siteOrigins: string[];
  /** Undefined until resolved by resolveAuthSecret (generated into DATA_DIR when unset). */
  authSecret: string | undefined;
  /**
   * The shop's earlier secrets, newest first (AUTH_PREVIOUS_SECRETS): what they signed or encrypted is still read
   * (links, the order cookie, authenticator apps' secrets); everything new is signed with authSecret.
   */
  previousAuthSecrets: string[];
  seedDemo: boolean;
  /** The first value of Settings › "Require two-factor sign-in for administrators" on a new install. */
  requireAdminTwoFactor: boolean;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-For to believe (Express's "trust proxy"): false (none, the client is whoever
   * connected), a number of hops in front of the app, or the proxies' addresses and ranges.
   */
  trustProxy: false | number | string[];
  /** Open realtime sockets the process accepts in all (each person has at most 10). */
  realtimeMaxConnections: number;
  /** How many newsletter e-mails are queued a minute (the outbox sends them as they come). */
  newsletterPerMinute: number;
  /** Unset: messages are logged and kept in the outbox instead of sent. */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Social sign-in, each enabled when its client id and secret are set. */
  oauth: {
    google?: OAuthClient;
    github?: OAuthClient;
    oidc?: OAuthClient & { issuer: string; name: string };
  };
  /** Scales the auth rate limits (1 in production; tests that sign in often raise it). */
  authRateLimitMultiplier: number;
  /** ADMIN_EMAIL + ADMIN_PASSWORD: an administrator created (or promoted) at every start. */
  bootstrapAdmin: { email: string; password: string; name: string; promoteExisting?: boolean } | undefined;
  /** Card payments through Stripe Checkout; unset: orders are paid by bank transfer (manual). */
  stripe: StripeConfig | undefined;
  /** Texted sign-in codes through Twilio; unset: they are written to the log (LogSmsSender). */
  twilio: TwilioConfig | undefined;
  /** Memory for the anonymous page cache, in bytes; 0 turns it off (the default in development). */
  pageCacheBytes: number;
  /** A bearer token that opens /metrics from anywhere (without it: this machine only, not through a proxy). */
  metricsToken: string | undefined;
  /** Daily backups kept in DATA_DIR/backups (0: no automatic backups). */
  backupKeep: number;
  /**
   * The storage sweeper's grace period in hours: a file no record refers to is removed once this old (0: never
   * removed; media/sweep.server.ts).
   */
  storageSweepHours: number;
  /** Server processes on this machine (server/cluster.ts); above 1 only with DATABASE_URL. */
  webConcurrency: number;
  /**
   * How far V8 lets the JS heap grow past what was live at its last full collection before the next one, in
   * percent (server/heap.ts); 0 leaves it to V8 (up to 300 %).
   */
  heapGrowthPercent: number;
  /** An S3-compatible store for uploads (s3://bucket?…); unset: DATA_DIR/media. */
  storageUrl: string | undefined;
  /** Image variants are redirected to this public base (the bucket or a CDN) instead of sent by the app. */
  mediaPublicUrl: string | undefined;
}

export interface TwilioConfig {
  accountSid: string;
  authToken: string;
  /** The sending number (+E.164) or a messaging service SID (MG…). */
  from: string;
  /** The API's base URL: https://api.twilio.com, or a local stand-in in tests. */
  apiBase: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (a local stand-in in tests): protocol, host and port for the SDK. */
  api?: { protocol: "http" | "https"; host: string; port: number };
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
  const siteOrigins = e.PUBLIC_URL
    ? [new URL(publicUrl).origin]
    : ["localhost", "127.0.0.1"].map((host) => `http://${host}:${port}`);
  return {
    env: e.NODE_ENV ?? "production",
    port,
    host: e.HOST ?? "0.0.0.0",
    dataDir: resolvePath(cwd, e.DATA_DIR ?? "./data"),
    databaseUrl: e.DATABASE_URL,
    publicUrl,
    siteOrigins,
    authSecret: e.AUTH_SECRET,
    previousAuthSecrets: e.AUTH_PREVIOUS_SECRETS ?? [],
    seedDemo: e.SEED_DEMO ?? true,
    requireAdminTwoFactor: e.REQUIRE_ADMIN_TWO_FACTOR ?? true,
    logLevel: e.LOG_LEVEL ?? "info",
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    realtimeMaxConnections: e.REALTIME_MAX_CONNECTIONS ?? 1000,
    newsletterPerMinute: e.NEWSLETTER_PER_MINUTE ?? 60,
    pageCacheBytes: Math.round((e.PAGE_CACHE_MB ?? (e.NODE_ENV === "development" ? 0 : 64)) * 1024 * 1024),
    backupKeep: e.BACKUP_KEEP ?? 7,
    storageSweepHours: e.STORAGE_SWEEP_HOURS ?? 24,
    webConcurrency: webConcurrency(e),
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT ?? DEFAULT_HEAP_GROWTH_PERCENT,
    storageUrl: e.STORAGE_URL,
    mediaPublicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ""),
    metricsToken: e.METRICS_TOKEN,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `studio@${new URL(publicUrl).hostname}`,
    oauth: {
      google: client(e.GOOGLE_CLIENT_ID, e.GOOGLE_CLIENT_SECRET, "GOOGLE"),
      github: client(e.GITHUB_CLIENT_ID, e.GITHUB_CLIENT_SECRET, "GITHUB"),
      oidc: e.OIDC_ISSUER
        ? {
            ...(client(e.OIDC_CLIENT_ID, e.OIDC_CLIENT_SECRET, "OIDC") ??
              missing("OIDC_ISSUER is set: OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required")),
            issuer: e.OIDC_ISSUER.replace(/\/+$/, ""),
            name: e.OIDC_NAME ?? "Single sign-on",
          }
        : undefined,
    },
    authRateLimitMultiplier: e.AUTH_RATE_LIMIT_MULTIPLIER ?? 1,
    bootstrapAdmin:
      e.ADMIN_EMAIL || e.ADMIN_PASSWORD
        ? {
            email: e.ADMIN_EMAIL?.toLowerCase() ?? missing("ADMIN_PASSWORD is set: ADMIN_EMAIL is required with it"),
            password: e.ADMIN_PASSWORD ?? missing("ADMIN_EMAIL is set: ADMIN_PASSWORD is required with it"),
            name: e.ADMIN_NAME?.trim() ?? "",
            promoteExisting: e.ADMIN_PROMOTE_EXISTING ?? false,
          }
        : undefined,
    stripe: stripeConfig(e),
    twilio: twilioConfig(e),
  };
}

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/**
 * TRUST_PROXY: unset or false: no proxy. true: one proxy in front (the documented setup behind nginx or Caddy):
 * never "believe every X-Forwarded-For", which would let a client pick its own address. A number: that many
 * proxies. Otherwise a comma-separated list of proxy addresses, CIDR ranges or loopback/linklocal/uniquelocal.
 */
export function parseTrustProxy(value: string | undefined): false | number | string[] {
  if (value === undefined || value === "" || ["false", "0", "no"].includes(value)) return false;
  if (["true", "yes"].includes(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 16) missing("TRUST_PROXY must be a number of proxies from 0 to 16, or their addresses");
    return hops;
  }
  const entries = value
    .split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address ?? "");
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
    if (!PROXY_NAMES.has(entry) && (family === 0 || !prefixOk || extra !== undefined))
      missing(`TRUST_PROXY: "${entry}" is not an address, a CIDR range or loopback/linklocal/uniquelocal`);
  }
  return entries;
}

function client(id: string | undefined, secret: string | undefined, prefix: string): OAuthClient | undefined {
  if (!id && !secret) return undefined;
  if (!id || !secret) missing(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  return { clientId: id, clientSecret: secret };
}

function webConcurrency(e: z.infer<typeof EnvSchema>): number {
  // A PostgreSQL server can take every core; the embedded database is a directory only one process may open.
  const count = e.WEB_CONCURRENCY ?? (e.DATABASE_URL ? availableParallelism() : 1);
  if (count > 1 && !e.DATABASE_URL)
    missing(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process (npm run db:move copies it to PostgreSQL)",
    );
  return count;
}

function missing(message: string): never {
  throw new ConfigError(`Invalid configuration: ${message}.`);
}

function stripeConfig(e: z.infer<typeof EnvSchema>): StripeConfig | undefined {
  if (!e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) return undefined;
  // Half a configuration would take orders that nothing ever marks paid.
  if (!e.STRIPE_SECRET_KEY)
    throw new ConfigError("Invalid configuration: STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not.");
  if (!e.STRIPE_WEBHOOK_SECRET)
    throw new ConfigError("Invalid configuration: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not.");
  let api: StripeConfig["api"];
  if (e.STRIPE_API_BASE) {
    const url = new URL(e.STRIPE_API_BASE);
    const protocol = url.protocol === "http:" ? "http" : "https";
    api = { protocol, host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443 };
  }
  return { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, api };
}

function twilioConfig(e: z.infer<typeof EnvSchema>): TwilioConfig | undefined {
  const given = [e.TWILIO_ACCOUNT_SID, e.TWILIO_AUTH_TOKEN, e.TWILIO_FROM];
  if (given.every((v) => v === undefined)) return undefined;
  // Half a configuration would fail at the first code; better to say so at start.
  if (!e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN || !e.TWILIO_FROM)
    throw new ConfigError(
      "Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are needed together.",
    );
  return {
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    apiBase: (e.TWILIO_API_BASE ?? "https://api.twilio.com").replace(/\/+$/, ""),
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
