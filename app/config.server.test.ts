import { describe, expect, it } from "vitest";
import { availableParallelism } from "node:os";
import { ConfigError, loadConfig, redactUrl } from "./config.server";

describe("loadConfig", () => {
  it("uses the documented defaults", () => {
    const config = loadConfig({}, "/srv/atelier");
    expect(config).toMatchObject({
      port: 3000,
      dataDir: "/srv/atelier/data",
      databaseUrl: undefined,
      publicUrl: "http://localhost:3000",
      seedDemo: true,
      env: "production",
    });
  });

  it("reads the earlier secrets, newest first, from a comma-separated AUTH_PREVIOUS_SECRETS", () => {
    const [older, oldest] = ["o".repeat(32), "p".repeat(40)];
    expect(loadConfig({}).previousAuthSecrets).toEqual([]);
    expect(loadConfig({ AUTH_PREVIOUS_SECRETS: ` ${older} ,${oldest},` }).previousAuthSecrets).toEqual([older, oldest]);
  });

  it("treats empty variables as unset and reads booleans", () => {
    const config = loadConfig(
      { PORT: "", SEED_DEMO: "false", DATABASE_URL: "", PUBLIC_URL: "https://art.example.com/" },
      "/x",
    );
    expect(config.port).toBe(3000);
    expect(config.seedDemo).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe("https://art.example.com");
  });

  it("derives PUBLIC_URL from PORT and keeps an absolute DATA_DIR", () => {
    const config = loadConfig({ PORT: "8080", DATA_DIR: "/var/lib/atelier" }, "/x");
    expect(config.publicUrl).toBe("http://localhost:8080");
    expect(config.dataDir).toBe("/var/lib/atelier");
  });

  it("takes the site at localhost and 127.0.0.1 without PUBLIC_URL, and at PUBLIC_URL's origin alone with it", () => {
    expect(loadConfig({ PORT: "8080" }, "/x").siteOrigins).toEqual(["http://localhost:8080", "http://127.0.0.1:8080"]);
    expect(loadConfig({ PUBLIC_URL: "https://art.example.com/shop/" }, "/x").siteOrigins).toEqual([
      "https://art.example.com",
    ]);
  });

  it("runs one process by default, and several only on a PostgreSQL server", () => {
    expect(loadConfig({}, "/x").webConcurrency).toBe(1);
    // With a PostgreSQL server, one process per core unless told otherwise.
    expect(loadConfig({ DATABASE_URL: "postgres://db/atelier" }, "/x").webConcurrency).toBe(availableParallelism());
    expect(loadConfig({ WEB_CONCURRENCY: "1", DATABASE_URL: "postgres://db/atelier" }, "/x").webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "4", DATABASE_URL: "postgres://db/atelier" }, "/x").webConcurrency).toBe(4);
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" }, "/x")).toThrow(
      "Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process (npm run db:move copies it to PostgreSQL).",
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: "0", DATABASE_URL: "postgres://db/atelier" }, "/x")).toThrow(
      /WEB_CONCURRENCY/,
    );
  });

  it("lets the heap grow by what was live before a full collection unless HEAP_GROWTH_PERCENT says otherwise", () => {
    expect(loadConfig({}, "/x").heapGrowthPercent).toBe(100);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: "0" }, "/x").heapGrowthPercent).toBe(0);
    expect(loadConfig({ HEAP_GROWTH_PERCENT: "50" }, "/x").heapGrowthPercent).toBe(50);
    expect(() => loadConfig({ HEAP_GROWTH_PERCENT: "lots" }, "/x")).toThrow(/HEAP_GROWTH_PERCENT/);
  });

  it("sweeps files no record refers to once a day old, later with STORAGE_SWEEP_HOURS, never with 0", () => {
    expect(loadConfig({}, "/x").storageSweepHours).toBe(24);
    expect(loadConfig({ STORAGE_SWEEP_HOURS: "168" }, "/x").storageSweepHours).toBe(168);
    expect(loadConfig({ STORAGE_SWEEP_HOURS: "0" }, "/x").storageSweepHours).toBe(0);
    // Less than a day is refused: the grace period is what spares an upload still being recorded.
    expect(() => loadConfig({ STORAGE_SWEEP_HOURS: "2" }, "/x")).toThrow(/STORAGE_SWEEP_HOURS.*at least 24/);
    expect(() => loadConfig({ STORAGE_SWEEP_HOURS: "-1" }, "/x")).toThrow(/STORAGE_SWEEP_HOURS/);
  });

  it("reads the bootstrap administrator only when e-mail and password are both set", () => {
    expect(loadConfig({}).bootstrapAdmin).toBeUndefined();
    expect(
      loadConfig({ ADMIN_EMAIL: "Owner@Example.com", ADMIN_PASSWORD: "long enough password", ADMIN_NAME: " Mara " })
        .bootstrapAdmin,
    ).toEqual({ email: "owner@example.com", password: "long enough password", name: "Mara", promoteExisting: false });
    expect(
      loadConfig({
        ADMIN_EMAIL: "o@example.com",
        ADMIN_PASSWORD: "long enough password",
        ADMIN_PROMOTE_EXISTING: "true",
      }).bootstrapAdmin?.promoteExisting,
    ).toBe(true);
  });

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ DATABASE_URL: "mysql://localhost/db" }, /DATABASE_URL must be a postgres/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO must be true or false/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must be at least 32 characters/],
    [{ AUTH_PREVIOUS_SECRETS: `${"o".repeat(32)},short` }, /AUTH_PREVIOUS_SECRETS must list secrets of at least 32/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
    [{ ADMIN_EMAIL: "owner@example.com" }, /ADMIN_PASSWORD is required/],
    [{ ADMIN_PASSWORD: "long enough password" }, /ADMIN_EMAIL is required/],
    [{ ADMIN_EMAIL: "nobody", ADMIN_PASSWORD: "long enough password" }, /ADMIN_EMAIL must be an e-mail/],
  ])("rejects %o with one readable line", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (error) {
      expect((error as Error).message).toMatch(message);
      expect((error as Error).message).not.toContain("\n");
    }
  });
});

describe("Stripe configuration", () => {
  it("is off (manual payment) when no key is set", () => {
    expect(loadConfig({}, "/x").stripe).toBeUndefined();
  });

  it("needs both the secret key and the webhook secret, and reads STRIPE_API_BASE for a stand-in", () => {
    const config = loadConfig(
      {
        STRIPE_SECRET_KEY: "sk_test_abc123",
        STRIPE_WEBHOOK_SECRET: "whsec_xyz",
        STRIPE_API_BASE: "http://127.0.0.1:4242",
      },
      "/x",
    );
    expect(config.stripe).toEqual({
      secretKey: "sk_test_abc123",
      webhookSecret: "whsec_xyz",
      api: { protocol: "http", host: "127.0.0.1", port: 4242 },
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "sk_test_abc123" })).toThrow(
      "Invalid configuration: STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not.",
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: "whsec_xyz" })).toThrow(/STRIPE_SECRET_KEY is not/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(
      /STRIPE_SECRET_KEY must be a Stripe secret key/,
    );
  });
});

describe("Twilio configuration (texted sign-in codes)", () => {
  const SID = `AC${"ab".repeat(16)}`;
  it("is off (codes go to the log) when nothing is set", () => {
    expect(loadConfig({}, "/x").twilio).toBeUndefined();
  });

  it("takes the SID, token and sender together; a messaging service may send; the API base can be a stand-in", () => {
    expect(
      loadConfig(
        { TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "0123456789abcdef0123", TWILIO_FROM: "+15005550006" },
        "/x",
      ).twilio,
    ).toEqual({
      accountSid: SID,
      authToken: "0123456789abcdef0123",
      from: "+15005550006",
      apiBase: "https://api.twilio.com",
    });
    expect(
      loadConfig(
        {
          TWILIO_ACCOUNT_SID: SID,
          TWILIO_AUTH_TOKEN: "0123456789abcdef0123",
          TWILIO_FROM: `MG${"cd".repeat(16)}`,
          TWILIO_API_BASE: "http://127.0.0.1:4010/",
        },
        "/x",
      ).twilio,
    ).toMatchObject({ from: `MG${"cd".repeat(16)}`, apiBase: "http://127.0.0.1:4010" });
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: SID })).toThrow(
      "Invalid configuration: TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are needed together.",
    );
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: "12345" })).toThrow(
      /TWILIO_ACCOUNT_SID must be a Twilio account SID/,
    );
    expect(() =>
      loadConfig({ TWILIO_ACCOUNT_SID: SID, TWILIO_AUTH_TOKEN: "0123456789abcdef0123", TWILIO_FROM: "555-1234" }),
    ).toThrow(/TWILIO_FROM must be a number in \+E\.164 form/);
  });
});

describe("redactUrl", () => {
  it("hides the password of a database URL", () => {
    expect(redactUrl("postgres://atelier:s3cret@db.internal:5432/atelier")).toBe(
      "postgres://atelier:***@db.internal:5432/atelier",
    );
  });
});

describe("TRUST_PROXY (security issue item 5)", () => {
  const trust = (value: string | undefined) => loadConfig({ TRUST_PROXY: value }).trustProxy;

  it("believes no X-Forwarded-For by default", () => {
    expect(trust(undefined)).toBe(false);
    expect(trust("")).toBe(false);
    expect(trust("false")).toBe(false);
    expect(trust("0")).toBe(false);
  });

  it("reads true as one proxy in front, never as 'believe every hop'", () => {
    expect(trust("true")).toBe(1);
    expect(trust("1")).toBe(1);
    expect(trust("2")).toBe(2);
  });

  it("takes a list of proxy addresses and ranges", () => {
    expect(trust("10.0.0.0/8")).toEqual(["10.0.0.0/8"]);
    expect(trust("127.0.0.1, ::1,fd00::/8,loopback")).toEqual(["127.0.0.1", "::1", "fd00::/8", "loopback"]);
  });

  it("refuses what is none of these, in one line", () => {
    for (const bad of ["10.0.0.0/33", "example.com", "10.0.0/8", "1.2.3.4/8/9", "17", "fd00::/129"])
      expect(() => trust(bad), bad).toThrow(/^Invalid configuration: TRUST_PROXY/);
  });
});
