// better-auth's log lines, at the level our log gives them. It logs some refusals of a sender's request at
// "error" (a callback URL of another site, an unknown origin or provider): anyone could fill the error log with
// them, and they are the sender's mistake, not the shop's (found by a probe on 26 November).

type Level = "debug" | "info" | "warn" | "error";

const SENDERS_MISTAKE =
  /^(Invalid (callbackURL|redirectURL|origin|errorCallbackURL|newUserCallbackURL)\b|Provider not found)/;

/** The level to log better-auth's `message` at: a sender's mistake is at most a warning. */
export function authLogLevel(level: Level, message: string): Level {
  return level === "error" && SENDERS_MISTAKE.test(message) ? "warn" : level;
}
