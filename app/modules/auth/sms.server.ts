// SmsSender: how phone factors receive their codes. With TWILIO_* set they are texted through Twilio's
// Messages API (TwilioSmsSender); without, they are written to the log (LogSmsSender). docs/accounts.md.
import { AsyncLocalStorage } from "node:async_hooks";
import type { TwilioConfig } from "~/config.server";
import type { Logger } from "~/logger.server";

export interface SmsSender {
  send(to: string, body: string): Promise<void>;
}

/** Logs the message instead of sending it: the code is visible to the operator only. */
export class LogSmsSender implements SmsSender {
  constructor(private readonly logger: Logger) {}
  send(to: string, body: string): Promise<void> {
    this.logger.info({ to: maskPhone(to), body }, "sms (not sent: no SMS gateway configured)");
    return Promise.resolve();
  }
}

export class SmsError extends Error {
  override name = "SmsError";
}

/**
 * Twilio's Messages API: `POST {apiBase}/2010-04-01/Accounts/{sid}/Messages.json` with basic auth and a
 * form body (To, From or MessagingServiceSid, Body). Twilio answers 201 with the message; anything else is
 * an SmsError carrying Twilio's own code and message (never the token).
 */
export class TwilioSmsSender implements SmsSender {
  constructor(
    private readonly config: TwilioConfig,
    private readonly logger: Logger,
    private readonly timeoutMs = 10_000,
  ) {}

  async send(to: string, body: string): Promise<void> {
    const { accountSid, authToken, from, apiBase } = this.config;
    const form = new URLSearchParams({ To: to, Body: body });
    form.set(from.startsWith("MG") ? "MessagingServiceSid" : "From", from);
    let response: Response;
    try {
      response = await fetch(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: "POST",
        headers: {
          authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString("base64")}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: form,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new SmsError(`SMS gateway unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
    if (!response.ok) {
      throw new SmsError(
        `SMS gateway answered ${response.status}${answer.code ? ` (${answer.code})` : ""}: ${answer.message ?? "no message"}`,
      );
    }
    this.logger.info({ to: maskPhone(to), sid: answer.sid }, "sms sent");
  }
}

/** The configured sender: Twilio when TWILIO_* are set, else the log. */
export function createSmsSender(config: TwilioConfig | undefined, logger: Logger): SmsSender {
  return config ? new TwilioSmsSender(config, logger) : new LogSmsSender(logger);
}

/** +15551234567 -> +1•••••••4567: enough to recognise, not enough to harvest. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return "•".repeat(phone.length);
  return `${phone.slice(0, 2)}${"•".repeat(phone.length - 6)}${phone.slice(-4)}`;
}

// better-auth sends the code after answering "sent" and only logs a failure (so an answer never reveals
// anything). The pages still owe the person the truth: a call made through `trackSms` learns whether a text
// failed during it (the OTP sender calls `noteSmsFailure`), on the same async path.
const smsOutcome = new AsyncLocalStorage<{ failed: boolean }>();

export async function trackSms<T>(call: () => Promise<T>): Promise<{ result: T; smsFailed: boolean }> {
  const outcome = { failed: false };
  const result = await smsOutcome.run(outcome, call);
  return { result, smsFailed: outcome.failed };
}

export function noteSmsFailure(): void {
  const outcome = smsOutcome.getStore();
  if (outcome) outcome.failed = true;
}
