// A production server of our own for a spec that needs settings the shared one does not have (a real SMTP
// peer, an OpenID provider, rate limits at their real thresholds): fresh DATA_DIR, free port, stopped after.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeMime, startSmtpPeer, type ReceivedMail, type SmtpPeer } from "../../support/smtp-peer";

export interface AppServer {
  url: string;
  dataDir: string;
  smtp: SmtpPeer;
  output: () => string;
  /** The first link to this server in the next message to `to` whose subject matches. */
  linkFromMail: (to: string, subject: RegExp) => Promise<string>;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts `node build/server/index.js` with an SMTP peer; resolves once /healthz answers 200. */
export async function startAppServer(
  env: Record<string, string> = {},
  options: { dataDir?: string; port?: number } = {},
): Promise<AppServer> {
  const smtp = await startSmtpPeer();
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "atelier-auth-e2e-"));
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
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
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${out}`);
    if (Date.now() > deadline) throw new Error(`server not ready in time:\n${out}`);
    const status = await fetch(`${url}/healthz`)
      .then((r) => r.status)
      .catch(() => 0);
    if (status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }

  return {
    url,
    dataDir,
    smtp,
    output: () => out,
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
      child.kill("SIGTERM");
      await exited;
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
