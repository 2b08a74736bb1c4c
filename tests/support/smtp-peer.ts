// A real SMTP server on loopback for tests: it accepts (or refuses) mail and keeps what it received.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpPeer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Resolves with the next message to arrive (or one already there that matches). */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpPeer(port = 0): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const waiters: { match: (m: ReceivedMail) => boolean; resolve: (m: ReceivedMail) => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        };
        received.push(mail);
        for (const w of [...waiters]) {
          if (w.match(mail)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    received,
    waitFor(match, timeoutMs = 10_000) {
      const found = received.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no matching mail arrived")), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The decoded text of a MIME message's parts (quoted-printable and base64 undone), for assertions. */
export function decodeMime(raw: string): string {
  const softBreaks = raw.replace(/=\r?\n/g, "");
  const qp = softBreaks.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!.replace(/\s/g, ""), "base64").toString("utf8"));
  return Buffer.from([qp, ...base64Parts].join("\n"), "latin1").toString("utf8");
}

/** A file attached to a MIME message, found by its file name: its head's content type and its base64 body, decoded. */
export function mimeAttachment(raw: string, fileName: RegExp): { name: string; contentType: string; bytes: Buffer } {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  if (!boundary) throw new Error("not a multipart message");
  for (const part of raw.split(`--${boundary}`)) {
    const [head = "", ...body] = part.split(/\r?\n\r?\n/);
    const name = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!name || !fileName.test(name)) continue;
    if (!/Content-Transfer-Encoding: base64/i.test(head)) throw new Error(`${name} is not base64 encoded`);
    const contentType = /Content-Type: ([^;\r\n]+)/i.exec(head)?.[1] ?? "";
    return { name, contentType, bytes: Buffer.from(body.join("").replace(/\s/g, ""), "base64") };
  }
  throw new Error(`no attachment named ${fileName} in the message`);
}
