// A local stand-in for Twilio's Messages API, for tests (no network): `POST
// /2010-04-01/Accounts/{AccountSid}/Messages.json` with HTTP basic auth (account SID : auth token) and a form
// body (To, From or MessagingServiceSid, Body), answered as Twilio answers: 201 with the message resource, or
// Twilio's error JSON ({ code, message, more_info, status }) with 401 for bad credentials and 400 for a number
// it cannot text. The app's TwilioSmsSender reaches it through TWILIO_API_BASE.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface TextedMessage {
  sid: string;
  to: string;
  from: string | undefined;
  messagingServiceSid: string | undefined;
  body: string;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  messages: TextedMessage[];
  /** Makes the next requests fail as Twilio does for an unreachable number (400, code 21211). */
  rejectNumbers(rejected: boolean): void;
  close(): Promise<void>;
}

const PATH = /^\/2010-04-01\/Accounts\/(AC[0-9a-fA-F]{32})\/Messages\.json$/;

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${"0123456789abcdef".repeat(2)}`;
  const authToken = "standin-auth-token-0123456789";
  const messages: TextedMessage[] = [];
  let rejecting = false;

  const error = (res: ServerResponse, status: number, code: number, message: string) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const match = PATH.exec(req.url ?? "");
      if (req.method !== "POST" || !match) return error(res, 404, 20404, "The requested resource was not found");
      const expected = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`;
      if (req.headers.authorization !== expected || match[1] !== accountSid)
        return error(res, 401, 20003, "Authenticate");
      const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
      const to = form.get("To");
      const body = form.get("Body");
      if (!to || !body) return error(res, 400, 21604, "A 'To' phone number and a 'Body' are required.");
      if (!form.get("From") && !form.get("MessagingServiceSid"))
        return error(res, 400, 21603, "A 'From' or 'MessagingServiceSid' parameter is required to send a message.");
      if (rejecting) return error(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const sid = `SM${messages.length.toString(16).padStart(32, "0")}`;
      messages.push({
        sid,
        to,
        from: form.get("From") ?? undefined,
        messagingServiceSid: form.get("MessagingServiceSid") ?? undefined,
        body,
      });
      res.writeHead(201, { "content-type": "application/json" });
      res.end(JSON.stringify({ sid, account_sid: accountSid, to, from: form.get("From"), body, status: "queued" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    messages,
    rejectNumbers: (rejected) => {
      rejecting = rejected;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
