// The list of jobs is written by hand (jobs.ts): a kind the code enqueues but the list forgets would wait in the
// table forever. This reads every `enqueue(kind, …)` in the app and checks its kind is in the list.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { JOB_HANDLERS } from "./jobs";

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The kinds enqueued in one file: string literals, or a constant of that file. */
function enqueuedKinds(text: string): string[] {
  return [...text.matchAll(/\benqueue\(\s*("([^"]+)"|([A-Z_][A-Z0-9_]*))/g)].map((m) => {
    if (m[2]) return m[2];
    const constant = new RegExp(`const ${m[3]} = "([^"]+)"`).exec(text);
    return constant?.[1] ?? `unresolved constant ${m[3]}`;
  });
}

describe("the list of jobs", () => {
  const kinds = new Set(
    sources(join(import.meta.dirname, "../app")).flatMap((f) => enqueuedKinds(readFileSync(f, "utf8"))),
  );

  it("finds the kinds the app enqueues", () => {
    expect(kinds.size).toBeGreaterThanOrEqual(9);
  });

  it("has a handler for every kind the app enqueues", () => {
    expect([...kinds].filter((kind) => !(kind in JOB_HANDLERS))).toEqual([]);
  });
});
