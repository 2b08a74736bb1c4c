// Structured logging (pino). Secrets never go into a log line: redact the usual suspects, and a failed query's
// parameters (what a visitor typed: names, addresses, notes).
import { pino, stdSerializers, type Logger } from "pino";

export type { Logger };

export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    base: { service: "atelier" },
    serializers: { err: errForLog },
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

/**
 * An error as a log line holds it (pino's own serializer), without the parameters of a failed query: Drizzle
 * writes them into the message ("Failed query: … params: …") and keeps them on the error, and they are what a
 * visitor typed. The query itself, the cause and the stack stay.
 */
export function errForLog(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const logged = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { params?: unknown };
  const params = (error as { params?: unknown }).params;
  if (Array.isArray(params)) {
    const written = `params: ${String(params)}`;
    logged.message = logged.message.replaceAll(written, "params: [redacted]");
    logged.stack = logged.stack.replaceAll(written, "params: [redacted]");
    delete logged.params;
  }
  return logged;
}
