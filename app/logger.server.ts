// Structured logging (pino). Secrets never go into a log line: redact the usual suspects.
import { pino, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: { service: "atelier" },
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "secret",
        "*.secret",
        "req.headers.cookie",
        "req.headers.authorization",
        "headers.cookie",
        "headers.authorization",
      ],
      censor: "[redacted]",
    },
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname,service" } } }
      : {}),
  });
}
