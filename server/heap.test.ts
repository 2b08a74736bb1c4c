import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// A child process makes request-like garbage: 3 million small objects, each kept while the next 150,000 are
// made (so they outlive the young generation, as a request's objects do under load) and then dropped, beside
// 300,000 objects that stay live. It prints the highest heapUsed it saw over the heap after a full collection.
// V8 alone lets that reach about 7 times on this machine.
const PRESSURE = `
const { limitHeapGrowth } = await import(${JSON.stringify(join(import.meta.dirname, "heap.ts"))});
limitHeapGrowth(Number(process.argv[1]));
globalThis.live = Array.from({ length: 300_000 }, (_, i) => ({ i, text: "x".repeat(64) + i }));
const ring = new Array(150_000);
let peak = 0;
for (let n = 0; n < 3_000_000; n++) {
  ring[n % ring.length] = { n, parts: [String(n), { at: n }, new Array(8).fill(n)] };
  if (n % 1_000 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed);
}
globalThis.gc();
console.log(peak / process.memoryUsage().heapUsed);
`;

describe("limitHeapGrowth", () => {
  it("collects in full before the heap doubles what was live, however much garbage survives the young generation", () => {
    const out = execFileSync(
      process.execPath,
      ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", PRESSURE, "100"],
      {
        encoding: "utf8",
      },
    );
    // Live data plus at most as much garbage, plus the young generation and what was allocated since the last
    // check: about 4 (V8's own choice: about 7).
    expect(Number(out)).toBeLessThan(5);
  });
});
