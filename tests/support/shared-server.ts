// The end-to-end run's shared server, as playwright.config.ts starts it (its `webServer`) and as
// tests/e2e/suite-teardown.spec.ts starts it to prove it never outlives the runner.
import { TEST_NODE_ARGS } from "../../scripts/lib/test-node.mjs";
import { ADMIN_SERVER_ENV } from "./accounts";

/**
 * The command and environment of the shared server: the demo data is made once (tests/support/demo-template.ts:
 * the first start of a real install, then every image variant), copied for this server and for every spec that
 * starts its own. The server watches the pipe to the runner that started it (exit-with-parent.mjs): a runner
 * killed without its own clean-up (Ctrl+C on `npm test`, whose stop ends the runner's group with SIGTERM)
 * leaves no server behind.
 */
export function sharedServer(port: number, templateDir: string, dataDir: string) {
  return {
    command: `node ${TEST_NODE_ARGS.join(" ")} --import tsx tests/support/demo-template.ts "${templateDir}" "${dataDir}" && node --import ./tests/support/exit-with-parent.mjs build/server/index.js`,
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // The one administrator of every spec (tests/support/accounts.ts), provisioned at start; every spec signs in
      // from 127.0.0.1, so the per-address limits are raised (auth.spec.ts checks the real ones).
      ...ADMIN_SERVER_ENV,
      BACKUP_KEEP: "0",
    },
  };
}
