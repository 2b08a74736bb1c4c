import { Writable } from "node:stream";
import { DrizzleQueryError } from "drizzle-orm/errors";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { createLogger, errForLog } from "./logger.server";

/** The lines a logger with the app's error serializer writes for `error`. */
function logged(error: unknown): string {
  let out = "";
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      out += chunk.toString();
      done();
    },
  });
  pino({ serializers: { err: errForLog } }, sink).error({ err: error }, "route error");
  return out;
}

describe("errors in the log", () => {
  it("keep a failed query, its cause and its stack, never its parameters (what a visitor typed)", () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    const error = new DrizzleQueryError(
      'insert into "orders" ("email", "note") values ($1, $2)',
      ["buyer@example.com", "Leave it with\nthe neighbour"],
      cause,
    );
    const line = logged(error);
    const { err } = JSON.parse(line) as { err: { type: string; message: string; stack: string } };
    expect(err.type).toBe("DrizzleQueryError");
    expect(err.message).toContain('Failed query: insert into "orders" ("email", "note") values ($1, $2)');
    expect(err.message).toContain("params: [redacted]");
    expect(err.message).toContain("invalid byte sequence");
    expect(err.stack).toMatch(/\n\s+at /);
    expect(line).not.toContain("buyer@example.com");
    expect(line).not.toContain("neighbour");
  });

  it("keep a failed query's parameters out when it is the cause of another error", () => {
    const query = new DrizzleQueryError("select 1 where email = $1", ["buyer@example.com"], new Error("timeout"));
    const line = logged(new Error("could not place the order", { cause: query }));
    expect(line).toContain("could not place the order");
    expect(line).toContain("params: [redacted]");
    expect(line).not.toContain("buyer@example.com");
  });

  it("keep any other error whole", () => {
    const { err } = JSON.parse(logged(new TypeError("x is not a function"))) as { err: Record<string, string> };
    expect(err).toMatchObject({ type: "TypeError", message: "x is not a function" });
  });
});

describe("a log line", () => {
  it("names the process that wrote it, so the lines of several server processes (WEB_CONCURRENCY) can be told apart", () => {
    let out = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
    });
    createLogger("info", false, sink).info("Atelier is ready");
    expect(JSON.parse(out)).toMatchObject({ service: "atelier", pid: process.pid, msg: "Atelier is ready" });
  });
});
