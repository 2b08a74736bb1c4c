// Structured logging (pino). Secrets never go into a log line: redact the usual suspects, and a failed query's
// parameters (what a visitor typed: names, addresses, notes).
import { pino, stdSerializers, type DestinationStream, type Logger } from "pino";

export type { Logger };

/** The app's logger; `destination` (stdout by default) lets a test read its lines. */
export function createLogger(level: string, pretty = false, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    // The process id tells apart the lines of several server processes (WEB_CONCURRENCY) and of a restart.
    base: { service: "atelier", pid: process.pid },
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
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * An error as a log line holds it (pino's own serializer), without the parameters of a failed query: Drizzle
 * writes them into the message ("Failed query: … params: …") and keeps them on the error, and they are what a
 * visitor typed. The query itself, the cause and the stack stay.
 */
export function errForLog(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const logged = stdSerializers.err(error) as ReturnType<typeof stdSerializers.err> & { params?: unknown };
  delete logged.params;
  // pino writes the causes' messages and stacks after the error's own: a failed query may be one of them.
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 10; e = e.cause, depth++) {
    const params = (e as { params?: unknown }).params;
    if (!Array.isArray(params)) continue;
    const written = `params: ${String(params)}`;
    logged.message = logged.message.replaceAll(written, "params: [redacted]");
    logged.stack = logged.stack.replaceAll(written, "params: [redacted]");
  }
  return logged;
}
