import { describe, expect, it } from "vitest";
import { redactUrlForLog } from "./log-redaction";

describe("URLs in the request log (security issue item 14)", () => {
  it("keeps no query of an auth path", () => {
    expect(redactUrlForLog("/api/auth/magic-link/verify?token=abc123&callbackURL=%2F")).toBe(
      "/api/auth/magic-link/verify?[redacted]",
    );
    expect(redactUrlForLog("/api/auth/verify-email?token=eyJhbGciOi")).toBe("/api/auth/verify-email?[redacted]");
    expect(redactUrlForLog("/auth?reset=true&token=abc")).toBe("/auth?[redacted]");
    expect(redactUrlForLog("/auth?setup=first-admin-token")).toBe("/auth?[redacted]");
    expect(redactUrlForLog("/auth.data?setup=x")).toBe("/auth.data?[redacted]");
  });

  it("masks a reset token carried in the path", () => {
    expect(redactUrlForLog("/api/auth/reset-password/Zk3q9TOKEN?callbackURL=%2Fauth")).toBe(
      "/api/auth/reset-password/[redacted]?[redacted]",
    );
    expect(redactUrlForLog("/api/auth/RESET-PASSWORD/Zk3q9TOKEN")).toBe("/api/auth/RESET-PASSWORD/[redacted]");
  });

  it("masks a commission client's and a certificate download's signed token, and a verify code", () => {
    expect(redactUrlForLog("/commission/v1.0192e1f0.SiGnAtUrE")).toBe("/commission/[redacted]");
    expect(redactUrlForLog("/commission/v1.0192e1f0.SiGnAtUrE.data?_routes=x")).toBe(
      "/commission/[redacted]?_routes=x",
    );
    expect(redactUrlForLog("/certificates/v1.abc.SiGn")).toBe("/certificates/[redacted]");
    expect(redactUrlForLog("/verify/K7Q2M9X4P8R3T6W1Z5C0B2N7")).toBe("/verify/[redacted]");
  });

  it("masks a viewing room's secret, in its path and in the checkout's and contact form's query", () => {
    expect(redactUrlForLog("/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345")).toBe("/room/[redacted]");
    expect(redactUrlForLog("/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345.data")).toBe("/room/[redacted]");
    expect(redactUrlForLog("/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&room=AbCd")).toBe(
      "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&room=[redacted]",
    );
    expect(redactUrlForLog("/contact?type=artwork&room=AbCd")).toBe("/contact?type=artwork&room=[redacted]");
  });

  it("masks the link mailed to a buyer whose hold was approved: whoever holds it may buy the work", () => {
    expect(redactUrlForLog("/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&hold=0192e1f1-aaaa.SiGn")).toBe(
      "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&hold=[redacted]",
    );
    expect(redactUrlForLog("/checkout.data?artwork=1&Hold=x")).toBe("/checkout.data?artwork=1&Hold=[redacted]");
  });

  it("masks any parameter that names a secret, anywhere", () => {
    expect(redactUrlForLog("/checkout?cancelled=A-2026-0001&session_id=cs_test_1")).toBe(
      "/checkout?cancelled=A-2026-0001&session_id=[redacted]",
    );
    expect(redactUrlForLog("/rooms/x?access_token=1&page=2&Code=9&api%5Fkey=3")).toBe(
      "/rooms/x?access_token=[redacted]&page=2&Code=[redacted]&api%5Fkey=[redacted]",
    );
  });

  it("keeps ordinary URLs as they are", () => {
    expect(redactUrlForLog("/gallery?q=blue&medium=Oil&page=2")).toBe("/gallery?q=blue&medium=Oil&page=2");
    expect(redactUrlForLog("/artwork/0192e1f0-1234-7abc-8def-0123456789ab")).toBe(
      "/artwork/0192e1f0-1234-7abc-8def-0123456789ab",
    );
  });

  it("masks a parameter whose name cannot be decoded", () => {
    expect(redactUrlForLog("/gallery?%E0%A4%A=1&q=x")).toBe("/gallery?[redacted]&q=x");
  });
});
