import { describe, expect, it } from "vitest";
import { cspNonce } from "./csp-nonce";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never the same twice across several pools", () => {
    const nonces = Array.from({ length: 2000 }, () => cspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    // Not a counter nor a fixed pattern: the bytes at one position take many values.
    expect(new Set(nonces.map((n) => n.slice(0, 2))).size).toBeGreaterThan(1000);
  });
});
