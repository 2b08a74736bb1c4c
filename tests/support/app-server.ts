// A production server of our own for a spec that needs settings the shared one does not have (a real SMTP
// peer, an OpenID provider, rate limits at their real thresholds): fresh DATA_DIR, free port, stopped after.
import { rmSync } from "node:fs";
import { test, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { decodeMime, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "./smtp-peer";
import { startedForSpec, startServer, stop, waitHealthy, type StartOptions } from "./spawn-server";
import { runTempDir } from "./test-run";

export interface AppServer {
  url: string;
  dataDir: string;
  smtp: SmtpPeer;
  output: () => string;
  /** The first link to this server in the next message to `to` whose subject matches. */
  linkFromMail: (to: string, subject: RegExp) => Promise<string>;
  stop: () => Promise<void>;
}

/**
 * Starts `node build/server/index.js` with an SMTP peer; resolves once /healthz answers 200. Its DATA_DIR: the
 * spec's `dataDir` as it is, else a new one holding the demo data (`data: "demo"`) or an empty shop.
 */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } & StartOptions = {},
): Promise<AppServer> {
  const smtp = await startSmtpPeer();
  const dataDir = options.dataDir ?? runTempDir("atelier-app-e2e-");
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      LOG_LEVEL: "info",
      SMTP_URL: smtp.url,
      MAIL_FROM: "studio@example.com",
      // Each test sends its own X-Forwarded-For, so per-address limits do not leak between tests.
      TRUST_PROXY: "true",
      DATABASE_URL: "",
      AUTH_SECRET: "",
      ...env,
    },
    // A DATA_DIR of the server's own starts as the blank database unless the spec asks for the demo; one the
    // spec hands in is taken as it is (a first start, a restart).
    { data: options.data ?? (options.dataDir ? undefined : "blank"), port: options.port },
  );
  await waitHealthy(server).catch(async (error: unknown) => {
    await stop(server);
    await smtp.close();
    throw error;
  });
  const url = server.url;
  const out = server.output;

  return {
    url,
    dataDir,
    smtp,
    output: out,
    linkFromMail: async (to, subject) => {
      const mail = await smtp.waitFor(
        (m: ReceivedMail) => m.to.includes(to.toLowerCase()) && subject.test(decodeMime(m.raw)) && !used.has(m),
        20_000,
      );
      used.add(mail);
      const text = decodeMime(mail.raw).replace(/&amp;/g, "&");
      const link = [...text.matchAll(/https?:\/\/[^\s"<>]+/g)]
        .map((m) => m[0])
        .find((l) => l.startsWith(`${url}/api/auth/`) || (l.startsWith(url) && l.includes("token")));
      if (!link) throw new Error(`no link in the mail to ${to}:\n${text}`);
      return link;
    },
    stop: async () => {
      await stop(server);
      await smtp.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const used = new WeakSet<ReceivedMail>();

let addressCounter = 0;
/** A client address of its own for one test (sent as X-Forwarded-For; the server trusts the proxy). */
export function clientAddress(): string {
  addressCounter++;
  return `198.51.${100 + Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** A page in a browser context of its own on the server at `baseURL`, from a client address of its own. */
export async function visitorPage(
  browser: Browser,
  baseURL: string,
  options: BrowserContextOptions = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": clientAddress() },
    ...options,
  });
  return context.newPage();
}

/**
 * The spec's own server, for all its tests: started before the first, stopped after the last. When a test
 * fails, the mail the peer received and the server's log lines matching `logs` are printed beside it. Use it
 * at the top of a spec: `const server = specServer({ ...ADMIN_SERVER_ENV }, { data: "demo" });` then
 * `server.url` inside tests as with a started one.
 */
export function specServer(
  env: Record<string, string> = {},
  options: { dataDir?: string } & StartOptions = {},
  { logs = /"level":[45]0/ }: { logs?: RegExp } = {},
): AppServer {
  const server = startedForSpec(
    () => startAppServer(env, options),
    (started) => started.stop(),
  );
  test.afterEach(() => {
    const info = test.info();
    if (info.status === info.expectedStatus) return;
    const mail = server.smtp.received.map((m) => `${m.to.join(",")}: ${decodeMime(m.raw).slice(0, 300)}`);
    const lines = server
      .output()
      .split("\n")
      .filter((l) => logs.test(l));
    console.log(`mail received:\n${mail.join("\n---\n")}\nserver log:\n${lines.join("\n").slice(-4000)}`);
  });
  return server;
}
