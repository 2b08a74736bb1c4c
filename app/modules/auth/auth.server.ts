// Accounts: the better-auth instance (e-mail + password, magic link, social sign-in, TOTP two-factor,
// JWT with a published JWKS), wired to our Drizzle schema, mail outbox and rate limits.
// Owns: user, session, account, verification, two_factor, jwks, rate_limit, profiles. Exposes: createAuth, auth.
import { createHash } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { betterAuth } from "better-auth";
import { queueAfterTransactionHook } from "@better-auth/core/context";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { generateRandomString } from "better-auth/crypto";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import { jwt } from "better-auth/plugins/jwt";
import { magicLink } from "better-auth/plugins/magic-link";
import { twoFactor } from "better-auth/plugins/two-factor";
import { eq } from "drizzle-orm";
import type { Config } from "~/config.server";
import { throwIfDatabaseDown, type Database } from "~/db/client.server";
import { isDatabaseUnavailable, noteOutage, OUTAGE_HEADERS, OUTAGE_MESSAGE } from "~/db/unavailable";
import * as schema from "~/db/schema";
import { safeRedirect } from "~/lib/safe-redirect";
import { errForLog, type Logger } from "~/logger.server";
import { sendMail } from "~/modules/mail/mail.server";
import { shopSecrets } from "~/modules/security/signed-ids.server";
import { services } from "~/services.server";
import { noteSignIn, phoneForSecondFactor, secondFactorMethods } from "./accounts.server";
import { noteSmsFailure } from "./sms.server";
import { tooManyAttempts } from "./messages";
import { authLogLevel } from "./auth-log";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  passwordProblem,
  passwordProblemMessage,
} from "./password-policy.server";
import { publish } from "~/modules/events/bus.server";
import { MAX_NAME_LENGTH, NAME_TOO_LONG } from "./forms.server";
import {
  emailKey,
  hitRateLimit,
  RATE_LIMITS,
  refundRateLimit,
  type RateLimit,
  type RateLimitResult,
} from "~/modules/security/rate-limit.server";

export { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH };

/** The header our Express layer sets to the client's address (req.ip); any incoming copy is dropped. */
export const CLIENT_IP_HEADER = "x-atelier-client-ip";
/** Every cookie better-auth sets starts with it (`atelier.session_token`, `__Secure-atelier.…`). */
export const AUTH_COOKIE_PREFIX = "atelier";

/** OWASP's argon2id baseline: 19 MiB, 2 iterations, 1 lane. */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const MAGIC_LINK_MINUTES = 15;
export const RESET_LINK_MINUTES = 60;

/**
 * Whether a new account confirms its address before it signs in: only with mail delivery (SMTP_URL). Without it
 * no confirmation could ever arrive, so sign-up signs in at once (a demo or a private install).
 */
export const confirmsEmail = (config: Pick<Config, "smtpUrl">): boolean => Boolean(config.smtpUrl);
export const VERIFY_LINK_HOURS = 24;
/** How long the code step of a two-factor sign-in may take. */
export const TWO_FACTOR_STEP_SECONDS = 600;

/** Requests per window (seconds) per client address and path, before AUTH_RATE_LIMIT_MULTIPLIER. */
export const AUTH_RATE_LIMITS = {
  "/sign-in/email": { windowSeconds: 60, max: 10 },
  "/sign-up/email": { windowSeconds: 3600, max: 20 },
  "/sign-in/magic-link": { windowSeconds: 300, max: 5 },
  "/sign-in/social": { windowSeconds: 60, max: 20 },
  "/request-password-reset": { windowSeconds: 300, max: 5 },
  "/reset-password": { windowSeconds: 300, max: 10 },
  "/send-verification-email": { windowSeconds: 300, max: 5 },
  "/change-email": { windowSeconds: 300, max: 5 },
  "/change-password": { windowSeconds: 300, max: 10 },
  "/two-factor/verify-totp": { windowSeconds: 300, max: 10 },
  "/two-factor/verify-backup-code": { windowSeconds: 300, max: 10 },
  "/two-factor/send-otp": { windowSeconds: 300, max: 5 },
  "/two-factor/verify-otp": { windowSeconds: 300, max: 10 },
} as const satisfies Record<string, RateLimit>;

/**
 * Password sign-ins per client address, right or wrong: only failures count against the limits above, and this
 * caps the rest (each one costs an argon2 verify), before the multiplier.
 */
export const SIGN_IN_ANY_RATE_LIMIT = { windowSeconds: 60, max: 120 } as const satisfies RateLimit;

/** Requests per window (seconds) per e-mail address named in the request, before the multiplier. */
export const AUTH_EMAIL_RATE_LIMITS = {
  "/sign-in/email": { windowSeconds: 900, max: 10 },
  "/sign-up/email": { windowSeconds: 3600, max: 3 },
  "/sign-in/magic-link": { windowSeconds: 900, max: 3 },
  "/request-password-reset": { windowSeconds: 900, max: 3 },
  "/send-verification-email": { windowSeconds: 900, max: 3 },
} as const satisfies Record<string, RateLimit>;

/**
 * Links mailed to one inbox a day from all these paths together, before the multiplier: their 15-minute windows
 * alone let a stranger send 288 sign-in links a day, and as many resets, to someone else's address.
 */
export const AUTH_MAIL_DAILY_LIMIT = { windowSeconds: 86_400, max: 20 } as const satisfies RateLimit;
const MAILING_PATHS: ReadonlySet<string> = new Set([
  "/sign-up/email",
  "/sign-in/magic-link",
  "/request-password-reset",
  "/send-verification-email",
]);

/** Paths whose new session must wait for the second factor (password sign-in is handled by the plugin). */
// Where better-auth signs a browser in without a password: a user with a verified factor still owes a code.
// `/verify-email` too: a confirmation or change-of-address link must not skip the second factor (item 9).
// `/sign-in/social` signs in at once when it is given the provider's ID token (Sign in with Google hands them to
// browsers): whoever holds the person's account at the provider could otherwise skip the code (review of 27
// November); its usual answer, a redirect to the provider, makes no session and is left alone.
const SECOND_FACTOR_PATHS = new Set([
  "/magic-link/verify",
  "/verify-email",
  "/sign-in/social",
  "/callback/:id",
  "/oauth2/callback/:providerId",
]);
/**
 * Account changes over better-auth's HTTP API: the account page makes them on the server, after its own
 * checks (current password or a fresh sign-in, per-account throttles), so a stolen session cookie cannot
 * skip those by calling the endpoints directly (security item 9).
 */
export const ACCOUNT_CHANGE_PATHS = [
  "/change-email",
  "/change-password",
  "/update-user",
  "/delete-user",
  "/two-factor/enable",
  "/two-factor/disable",
  "/two-factor/get-totp-uri",
  "/two-factor/generate-backup-codes",
  "/link-social",
  "/unlink-account",
];

/**
 * Runs our own writes for a better-auth callback once its transaction (a sign-up's) has committed, at once outside
 * one. They go through our own connections: inside the transaction the embedded database, which has one, would
 * wait for it to end forever, and a confirmation mail queued for an account rolled back would point at nothing.
 */
const afterCommit = (write: () => Promise<unknown>) =>
  queueAfterTransactionHook(async () => {
    await write();
  });

/**
 * better-auth's secrets. The current one signs the cookies (a change of secret signs everyone out) and encrypts
 * what it stores (authenticator apps' secrets and backup codes, the JWT signing keys) under a version of its own:
 * a number made from the secret, so that it stays the same wherever the secret stands in the list. The earlier
 * ones (AUTH_PREVIOUS_SECRETS) still decrypt what they encrypted; the oldest also what was stored without a
 * version, before this list was used (better-auth's "legacy" secret). docs/operations.md, "The shop's secret".
 */
function secretsOption(config: Config): { secret: string; secrets: { version: number; value: string }[] } {
  const secrets = shopSecrets(config);
  return {
    secret: secrets.at(-1)!,
    secrets: secrets.map((value) => ({ version: secretVersion(value), value })),
  };
}

/** A secret's version: 48 bits of its SHA-256, a whole number better-auth writes before its ciphertexts. */
export const secretVersion = (secret: string) =>
  Number.parseInt(createHash("sha256").update(secret).digest("hex").slice(0, 12), 16);

export interface AuthDeps {
  config: Config;
  db: Database;
  logger: Logger;
}

export function createAuth({ config, db, logger }: AuthDeps) {
  const m = config.authRateLimitMultiplier;
  const scaled = (rule: RateLimit): RateLimit => ({ windowSeconds: rule.windowSeconds, max: rule.max * m });
  // Our hook limits these paths (per address and per e-mail); better-auth's router limiter skips them.
  const customRules = Object.fromEntries(Object.keys(AUTH_RATE_LIMITS).map((path) => [path, false as const]));
  const { oauth } = config;

  const instance = betterAuth({
    appName: "Atelier",
    baseURL: config.publicUrl,
    basePath: "/api/auth",
    ...secretsOption(config),
    trustedOrigins: config.siteOrigins,
    disabledPaths: ACCOUNT_CHANGE_PATHS,
    // Reset and magic-link tokens (and our two-factor step's identifiers) are kept as SHA-256 digests: a copy
    // of the database, a backup or a log of its queries holds nothing that signs anyone in (item 14).
    verification: { storeIdentifier: "hashed" },
    // A sign-up writes the user and then its password (the credential account): one transaction, so that a
    // database lost between the two leaves no account without a password behind (docs/accounts.md).
    database: drizzleAdapter(db, { provider: "pg", schema, transaction: true }),
    logger: {
      // An error it passes on (a failed query) goes through the log's error serializer: without it, the query's
      // parameters (a new account's name and address) were written whole.
      log: (level, message, ...args) => {
        // The database out of reach is said once a minute for every request (server/database-outage.ts).
        if ((args as unknown[]).some(isDatabaseUnavailable)) return;
        const logged = (args as unknown[]).map((arg) => (arg instanceof Error ? errForLog(arg) : arg));
        logger[authLogLevel(level, message)]({ args: logged.length ? logged : undefined }, `auth: ${message}`);
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: config.publicUrl.startsWith("https:"),
      cookiePrefix: AUTH_COOKIE_PREFIX,
    },
    // OAuth and link failures land on the sign-in page, which explains them (?error=...). An error that is no
    // refusal of better-auth's (a failed query) is thrown out of its handler, instead of a bare 500 and a stack on
    // stderr: `answeringOutages` answers an unreachable database, Express's error handler the rest.
    onAPIError: { errorURL: `${config.publicUrl}/auth`, throw: true },
    rateLimit: { enabled: true, storage: "database", window: 60, max: 120 * m, customRules },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24 },
    user: {
      changeEmail: { enabled: true, updateEmailWithoutVerification: false },
    },
    // Linking a social or OIDC sign-in to an existing account happens only when the provider says the e-mail
    // is verified (better-auth's default); no provider is trusted blindly (security item 8).
    account: { accountLinking: { enabled: true } },
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      // With mail delivery, sign-up never signs in: the address is confirmed first, and the answer is the same
      // whether or not the address already has an account (decision 0011).
      requireEmailVerification: confirmsEmail(config),
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => hash(password, ARGON2),
        verify: ({ hash: digest, password }) => verify(digest, password),
      },
      sendResetPassword: async ({ user, url }) => {
        await sendMail(user.email, "password-reset", { url, minutes: RESET_LINK_MINUTES });
      },
      onExistingUserSignUp: async ({ user }) => {
        await afterCommit(() =>
          sendMail(user.email, "account-exists", { url: `${config.publicUrl}/auth?mode=forgot` }),
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_LINK_HOURS * 3600,
      sendVerificationEmail: async ({ user, url }) => {
        await afterCommit(async () => {
          // A change of address sends the link to the new address; the account still has the old one.
          const current = await db.query.user.findFirst({
            where: eq(schema.user.id, user.id),
            columns: { email: true },
          });
          const change = current !== undefined && current.email !== user.email;
          await sendMail(user.email, "email-verification", { url, change });
        });
      },
    },
    socialProviders: {
      ...(oauth.google ? { google: { ...oauth.google, prompt: "select_account" as const } } : {}),
      ...(oauth.github ? { github: oauth.github } : {}),
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        // Rate limits: per client address and per e-mail, for every caller (HTTP or our form actions).
        const { ip, email } = limitKeys(ctx.path, ctx.headers, body);
        const counted: RateLimitResult[] = [];
        const ipRule = AUTH_RATE_LIMITS[ctx.path as keyof typeof AUTH_RATE_LIMITS] as RateLimit | undefined;
        if (ipRule && ip) counted.push(await throttle(ip, scaled(ipRule)));
        if (ctx.path === "/sign-in/email" && ip) await throttle(`any-${ip}`, scaled(SIGN_IN_ANY_RATE_LIMIT));
        const emailRule = AUTH_EMAIL_RATE_LIMITS[ctx.path as keyof typeof AUTH_EMAIL_RATE_LIMITS] as
          RateLimit | undefined;
        if (emailRule && email) counted.push(await throttle(email, scaled(emailRule)));
        if (MAILING_PATHS.has(ctx.path) && typeof body.email === "string")
          await throttle(`mail:${emailKey(body.email)}`, scaled(AUTH_MAIL_DAILY_LIMIT));
        if (ctx.path === "/sign-in/email") signInCounts.set(ctx.context, counted);

        // As sent: the name is stored as sent, spaces included.
        if (typeof body.name === "string" && body.name.length > MAX_NAME_LENGTH)
          throw APIError.from("BAD_REQUEST", { code: "NAME_TOO_LONG", message: NAME_TOO_LONG });

        // Password policy on every way of setting a password.
        const password =
          ctx.path === "/sign-up/email"
            ? body.password
            : ctx.path === "/reset-password" || ctx.path === "/change-password"
              ? body.newPassword
              : undefined;
        if (typeof password === "string") {
          const problem = passwordProblem(password, {
            email: typeof body.email === "string" ? body.email : ctx.context.session?.user.email,
            name: typeof body.name === "string" ? body.name : ctx.context.session?.user.name,
          });
          if (problem)
            throw APIError.from("BAD_REQUEST", {
              code: `PASSWORD_${problem.toUpperCase().replace("-", "_")}`,
              message: passwordProblemMessage(problem),
            });
        }
      }),
      after: createAuthMiddleware(async (ctx) => {
        // A right password is no guess: only failed sign-ins count against the limits, so an owner who signs in
        // often (every test of a suite, a shared studio computer) is never refused while a guesser still is.
        // The refund goes to the windows the attempt was counted in, not to a window opened since.
        if (ctx.path === "/sign-in/email" && !isAPIError(ctx.context.returned)) {
          // Best effort: a refund that fails leaves the count a little high, never the sign-in undone.
          for (const hit of signInCounts.get(ctx.context) ?? [])
            await refundRateLimit(hit).catch((error: unknown) =>
              logger.warn({ err: errForLog(error) }, "sign-in refund failed"),
            );
        }
        if (!SECOND_FACTOR_PATHS.has(ctx.path)) return;
        // A magic link or a provider proved the address; a user with a verified factor still owes a code
        // (spec §4: aal2). Same steps as the two-factor plugin takes after a password sign-in.
        const fresh = ctx.context.newSession;
        if (!fresh || !(fresh.user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) return;
        // A browser already signed in (a change of address confirmed in the same browser) keeps its session.
        const own = await ctx.getSignedCookie(ctx.context.authCookies.sessionToken.name, ctx.context.secret);
        if (own && own === fresh.session.token) return;
        deleteSessionCookie(ctx, true);
        await ctx.context.internalAdapter.deleteSession(fresh.session.token);
        ctx.context.setNewSession(null);
        const cookie = ctx.context.createAuthCookie("two_factor", { maxAge: TWO_FACTOR_STEP_SECONDS });
        const identifier = `2fa-${generateRandomString(20)}`;
        const expiresAt = new Date(Date.now() + TWO_FACTOR_STEP_SECONDS * 1000);
        await ctx.context.internalAdapter.createVerificationValue({ value: fresh.user.id, identifier, expiresAt });
        await ctx.context.internalAdapter.createVerificationValue({
          value: "0",
          identifier: `2fa-attempts-${identifier}`,
          expiresAt,
        });
        await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
        const methods = await secondFactorMethods(fresh.user.id);
        const list = [methods.totp ? "totp" : null, methods.phone ? "phone" : null].filter(Boolean).join(",");
        throw ctx.redirect(
          `${config.publicUrl}/auth?step=two-factor&methods=${list}&redirectTo=${encodeURIComponent(returnPath(ctx))}`,
        );
      }),
    },
    databaseHooks: {
      user: {
        create: {
          // The spec's profiles row (full_name), made with the account; "" when no name was given.
          after: async (user) => {
            await db
              .insert(schema.profiles)
              .values({ id: user.id, fullName: user.name ?? "" })
              .onConflictDoNothing();
          },
        },
      },
      session: {
        delete: {
          // A session that ends (sign-out, "sign out other browsers", a reset password) closes its live pages'
          // realtime sockets at once, in every process.
          after: async (ended) => {
            await publish("auth.sessions-ended", { sessionIds: [ended.id] });
          },
        },
        create: {
          // Remembers the browser and, when it is new for an account that has signed in before, mails an alert.
          after: async (session) => {
            await noteSignIn({
              userId: session.userId,
              userAgent: session.userAgent ?? "",
              ipAddress: session.ipAddress ?? "",
            }).catch((error: unknown) => logger.error({ err: error }, "sign-in alert failed"));
          },
        },
      },
    },
    plugins: [
      magicLink({
        expiresIn: MAGIC_LINK_MINUTES * 60,
        sendMagicLink: async ({ email, url }) => {
          await sendMail(email, "magic-link", { url, minutes: MAGIC_LINK_MINUTES });
        },
      }),
      twoFactor({
        issuer: "Atelier",
        skipVerificationOnEnable: false,
        // The password is asked for only from accounts that have one (magic-link and social users have none).
        allowPasswordless: true,
        twoFactorCookieMaxAge: TWO_FACTOR_STEP_SECONDS,
        otpOptions: {
          // Phone factors: the code goes by SMS to the user's phone factor (docs/accounts.md).
          sendOTP: async ({ user, otp }) => {
            const phone = await phoneForSecondFactor(user.id);
            if (!phone) throw new Error("no phone factor");
            // SMS pumping: texts cost money and reach strangers, so they are limited per account and per
            // number; over the limit nothing is sent and the page says a code could not be texted.
            const limited = [
              await hitRateLimit(`sms:user:${user.id}`, RATE_LIMITS.smsAccount),
              await hitRateLimit(`sms:number:${emailKey(phone)}`, RATE_LIMITS.smsNumber),
            ].some((hit) => !hit.allowed);
            if (limited) {
              services().logger.warn({ userId: user.id }, "sms not sent: over the texting limit");
              noteSmsFailure();
              return;
            }
            try {
              await services().sms.send(phone, `Your sign-in code is ${otp}`);
            } catch (error) {
              // Logged here; the page that asked says so plainly (trackSms in sms.server.ts).
              services().logger.error({ err: error }, "sms not sent");
              noteSmsFailure();
            }
          },
        },
      }),
      jwt({
        jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } },
        jwt: { issuer: config.publicUrl, audience: config.publicUrl, expirationTime: "15m" },
      }),
      ...(oauth.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: "oidc",
                  discoveryUrl: `${oauth.oidc.issuer}/.well-known/openid-configuration`,
                  clientId: oauth.oidc.clientId,
                  clientSecret: oauth.oidc.clientSecret,
                  scopes: ["openid", "email", "profile"],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
    ],
  });
  const handler = answeringOutages(instance.handler, logger);
  return { ...instance, handler, fetch: handler };

  /** The path a redirect answer was heading to, when it is one of ours; "/" otherwise. */
  function returnPath(ctx: { context: { returned?: unknown } }): string {
    const returned = ctx.context.returned as { headers?: Headers } | undefined;
    const location = returned?.headers instanceof Headers ? returned.headers.get("location") : null;
    if (!location) return "/";
    try {
      const url = new URL(location, config.publicUrl);
      return url.origin === new URL(config.publicUrl).origin ? safeRedirect(url.pathname + url.search) : "/";
    } catch {
      return "/";
    }
  }
}

/**
 * better-auth answers a query that failed inside it with its own 422 or 500, without the reason (a sign-up's
 * "Failed to create user" when the database went during it): for such a status, throws the database's error when
 * it is out of reach now, so the caller answers the outage instead (the HTTP handler below, flows.server.ts).
 */
export async function throwIfFailedOnDatabase(status: number): Promise<void> {
  if (status === 422 || status >= 500) await throwIfDatabaseDown();
}

/**
 * better-auth's HTTP handler, with the database out of reach answered 503 with Retry-After instead of a 500: the
 * sentence as JSON (`{ code, message }`, as better-auth's own refusals) for a client, as text for a browser that
 * followed a link (a mailed sign-in or reset link, a provider's callback). Said in the log once a minute.
 */
function answeringOutages(handler: (request: Request) => Promise<Response>, logger: Logger) {
  return async (request: Request): Promise<Response> => {
    try {
      const response = await handler(request);
      await throwIfFailedOnDatabase(response.status);
      return response;
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      noteOutage(logger, error);
      const browser = request.method === "GET" && /\btext\/html\b/.test(request.headers.get("accept") ?? "");
      return browser
        ? new Response(OUTAGE_MESSAGE, {
            status: 503,
            headers: { ...OUTAGE_HEADERS, "content-type": "text/plain; charset=utf-8" },
          })
        : Response.json(
            { code: "DATABASE_UNAVAILABLE", message: OUTAGE_MESSAGE },
            { status: 503, headers: OUTAGE_HEADERS },
          );
    }
  };
}

/** The rate-limit keys of an auth request: by client address and by the e-mail address it names. */
function limitKeys(
  path: string,
  headers: Headers | undefined,
  body: Record<string, unknown>,
): { ip: string | undefined; email: string | undefined } {
  const ip = headers?.get(CLIENT_IP_HEADER);
  return {
    ip: ip ? `ip:${path}:${ip}` : undefined,
    email: typeof body.email === "string" ? `email:${path}:${emailKey(body.email)}` : undefined,
  };
}

async function throttle(key: string, rule: RateLimit): Promise<RateLimitResult> {
  const hit = await hitRateLimit(key, rule);
  if (!hit.allowed)
    throw APIError.from("TOO_MANY_REQUESTS", {
      code: "TOO_MANY_ATTEMPTS",
      message: tooManyAttempts(hit.retryAfterSeconds),
    });
  return hit;
}

/**
 * What a sign-in's before hook counted, for its after hook's refund. Keyed by the call's context, which
 * better-auth hands to both hooks of one call (a test signs in 12 times to check the refund still reaches it).
 */
const signInCounts = new WeakMap<object, RateLimitResult[]>();

export type Auth = ReturnType<typeof createAuth>;

/** The process's auth instance (set at boot with the other services). */
export function auth(): Auth {
  return services().auth as Auth;
}
