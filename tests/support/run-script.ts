// The app's commands (`npm run create-admin`, `npm run backup`, `restore`, `db:move`, `media:move`) as an operator
// runs them: a Node process of their own on the TypeScript source, its exit status and output returned whether it
// succeeded or not. With the suite's Node flags (scripts/lib/test-node.mjs): most open the embedded database.
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { TEST_NODE_ARGS } from "../../scripts/lib/test-node.mjs";

export interface ScriptResult {
  code: number;
  stdout: string;
  stderr: string;
}

const SCRIPTS = join(import.meta.dirname, "..", "..", "scripts");

/**
 * Runs `scripts/create-admin.ts` or `scripts/ops/<name>.ts` with `args`, in the test's environment with `env`
 * over it. The shop's own settings are cleared unless `env` gives them (DATABASE_URL, AUTH_SECRET, STORAGE_URL):
 * the command finds the shop from DATA_DIR, as on a machine without them.
 */
export function runScript(name: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  const file = name === "create-admin" ? join(SCRIPTS, "create-admin.ts") : join(SCRIPTS, "ops", `${name}.ts`);
  return promisify(execFile)(process.execPath, [...TEST_NODE_ARGS, "--import", "tsx", file, ...args], {
    env: { ...process.env, DATABASE_URL: "", AUTH_SECRET: "", STORAGE_URL: "", LOG_LEVEL: "warn", ...env },
  }).then(
    (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
    (e: ScriptResult) => e,
  );
}
