import { describe, expect, it } from "vitest";
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

  it.each([
    [{ PORT: "eighty" }, /PORT/],
    [{ DATABASE_URL: "mysql://localhost/db" }, /DATABASE_URL must be a postgres/],
    [{ SEED_DEMO: "maybe" }, /SEED_DEMO must be true or false/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must be at least 32 characters/],
    [{ PUBLIC_URL: "not a url" }, /PUBLIC_URL/],
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

describe("redactUrl", () => {
  it("hides the password of a database URL", () => {
    expect(redactUrl("postgres://atelier:s3cret@db.internal:5432/atelier")).toBe(
      "postgres://atelier:***@db.internal:5432/atelier",
    );
  });
});
