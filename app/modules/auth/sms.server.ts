// SmsSender: how phone factors receive their codes. The default writes to the log (no gateway is reachable
// here); docs/accounts.md shows how to plug a real gateway (Twilio, MessageBird, ...) behind this interface.
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

/** +15551234567 -> +1•••••••4567: enough to recognise, not enough to harvest. */
export function maskPhone(phone: string): string {
  if (phone.length <= 6) return "•".repeat(phone.length);
  return `${phone.slice(0, 2)}${"•".repeat(phone.length - 6)}${phone.slice(-4)}`;
}
