import { describe, expect, it } from "vitest";
import { requestIdOf } from "./request-id";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestIdOf", () => {
  it("keeps a plain id a proxy sent", () => {
    expect(requestIdOf("edge-7f3a:42")).toBe("edge-7f3a:42");
  });

  it("makes a new UUID for a missing, repeated, long or odd one", () => {
    for (const given of [undefined, "", ["a", "b"], "x".repeat(65), "a b", "id\r\nx-evil: 1", "ünï"])
      expect(requestIdOf(given)).toMatch(UUID);
  });
});
