// The operations commands run with the wrong DATA_DIR (the usual slip: `npm run backup` from the app's folder
// without the service's settings, so DATA_DIR is ./data). Each must say so in one line and leave that place as it
// was: before, backup and db:move made an empty embedded database and a new secret there (a backup of nothing, or
// of a PostgreSQL shop with a secret that is not the shop's), and media:move copied no file and printed the
// STORAGE_URL to set, which would have left the shop without its pictures.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, onTestFinished } from "vitest";
import { runScript } from "../support/run-script";

const ops = runScript;

/** A new empty folder, removed when the test ends (run alone, Vitest's temp folder is the system's). */
function emptyDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "atelier-ops-wrong-"));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("operations commands with a DATA_DIR that holds no shop", () => {
  it("backup refuses an embedded DATA_DIR with no database, and makes neither a database nor a secret there", async () => {
    const dataDir = emptyDir();
    const out = join(emptyDir(), "shop.atelier-backup");
    const result = await ops("backup", ["--out", out], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `backup: ${dataDir} holds no shop's embedded database: run this with the server's DATA_DIR (and its DATABASE_URL, if it has one).`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("backup of a PostgreSQL shop refuses to archive a secret it would have to make up", async () => {
    const dataDir = emptyDir();
    const out = join(emptyDir(), "shop.atelier-backup");
    // The database is never reached: the refusal comes first.
    const result = await ops("backup", ["--out", out], {
      DATA_DIR: dataDir,
      DATABASE_URL: "postgres://nobody@127.0.0.1:1/atelier",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `backup: found no shop's secret: AUTH_SECRET is unset and ${join(dataDir, "secrets", "auth-secret")} does not exist. Run this with the server's DATA_DIR (and its AUTH_SECRET, if it sets one).`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("backup says it cannot read the secret (another user's file) rather than that there is none", async () => {
    const dataDir = emptyDir();
    mkdirSync(join(dataDir, "pgdata"));
    // Root reads any file: a folder in the secret's place fails to read as another user's file would.
    mkdirSync(join(dataDir, "secrets", "auth-secret"), { recursive: true });
    const result = await ops("backup", ["--out", join(emptyDir(), "shop.atelier-backup")], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^backup: cannot read the shop's secret \(EISDIR: .*\): run this as the server's user, with its DATA_DIR\.$/,
    );
    expect(readdirSync(dataDir).sort()).toEqual(["pgdata", "secrets"]);
  });

  it("db:move refuses a DATA_DIR with no embedded database instead of moving an empty one", async () => {
    const dataDir = emptyDir();
    const result = await ops("db-move", ["--to", "postgres://nobody@127.0.0.1:1/atelier"], { DATA_DIR: dataDir });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `db:move: ${dataDir} holds no shop's embedded database: run this with the server's DATA_DIR (and its DATABASE_URL, if it has one).`,
    );
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it("media:move refuses a DATA_DIR with no media folder instead of copying nothing and printing the STORAGE_URL", async () => {
    const dataDir = emptyDir();
    // A secret alone (a PostgreSQL shop's DATA_DIR) is not where uploads are.
    mkdirSync(join(dataDir, "secrets"));
    writeFileSync(join(dataDir, "secrets", "auth-secret"), "x".repeat(64));
    const result = await ops(
      "media-move",
      ["--to", "s3://atelier-media?region=eu-west-1&endpoint=http://127.0.0.1:1"],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `media:move: ${join(dataDir, "media")} does not exist, so there is nothing to copy: run this with the server's DATA_DIR.`,
    );
    expect(result.stdout).not.toContain("STORAGE_URL=");
    expect(readdirSync(dataDir)).toEqual(["secrets"]);
  });

  // Unlike the refusals above, this one makes a whole embedded database (initdb and every migration) in a child
  // process: about 10 s on a quiet two-core machine, and past 60 s with two suites side by side on a slow one
  // (both clones of stop 57 timed out at 60 s). Its limit leaves that margin (docs/testing.md, timeouts).
  it("create-admin in a DATA_DIR with no shop (before a first start, or by mistake) says it made a new one there", async () => {
    const dataDir = emptyDir();
    const result = await ops(
      "create-admin",
      ["--email", "mara@example.com", "--password", "ochre light on the marsh"],
      {
        DATA_DIR: dataDir,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(
      `create-admin: ${dataDir} held no shop's database, so a new one was made there. If the server runs with another DATA_DIR (or DATABASE_URL), run this again with it.\n` +
        "create-admin: created the administrator mara@example.com. Sign in at http://localhost:3000/auth\n",
    );
  }, 240_000);
});
