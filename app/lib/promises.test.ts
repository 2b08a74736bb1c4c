import { describe, expect, it } from "vitest";
import { allOf } from "./promises";

describe("allOf", () => {
  it("awaits every value at once and keeps each result under its key", async () => {
    const started: string[] = [];
    const later = (key: string, value: number, ms: number) => {
      started.push(key);
      return new Promise<number>((resolve) => setTimeout(() => resolve(value), ms));
    };
    const result = await allOf({ slow: later("slow", 1, 30), fast: later("fast", 2, 1), plain: "x" });
    expect(result).toEqual({ slow: 1, fast: 2, plain: "x" });
    expect(started).toEqual(["slow", "fast"]);
  });

  it("fails with the first rejection, as Promise.all does", async () => {
    await expect(allOf({ ok: Promise.resolve(1), bad: Promise.reject(new Error("down")) })).rejects.toThrow("down");
  });
});
