// The process's shared services, set once at boot by server/main.ts (or a test) and read by modules.
// Kept on globalThis so the Vite dev server's module graph sees the same instances as the boot code.
import type { Config } from "./config.server";
import type { Database } from "./db/client.server";
import type { Logger } from "./logger.server";
import type { SmsSender } from "./modules/auth/sms.server";
import type { Storage } from "./modules/media/storage.server";

export interface Services {
  config: Config;
  db: Database;
  logger: Logger;
  storage: Storage;
  /** The better-auth instance (typed by ~/modules/auth/auth.server's `auth()`); unset in tests that need none. */
  auth?: unknown;
  sms: SmsSender;
}

const KEY = Symbol.for("atelier.services");
type Holder = { [KEY]?: Services };

export function setServices(services: Services | undefined): void {
  (globalThis as Holder)[KEY] = services;
}

export function services(): Services {
  const s = (globalThis as Holder)[KEY];
  if (!s) throw new Error("Services are not initialised: start the app through server/main.ts");
  return s;
}
