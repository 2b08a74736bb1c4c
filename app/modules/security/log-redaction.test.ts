import { describe, expect, it } from "vitest";
import { redactUrlForLog } from "./log-redaction";

describe("URLs in the request log (security issue item 14)", () => {
  // Each case: the URLs asked for, and what the log says of each.
  it.each<[string, Record<string, string>]>([
    [
      "keeps no query of an auth path",
      {
        "/api/auth/magic-link/verify?token=abc123&callbackURL=%2F": "/api/auth/magic-link/verify?[redacted]",
        "/api/auth/verify-email?token=eyJhbGciOi": "/api/auth/verify-email?[redacted]",
        "/auth?reset=true&token=abc": "/auth?[redacted]",
        "/auth?setup=first-admin-token": "/auth?[redacted]",
        "/auth.data?setup=x": "/auth.data?[redacted]",
      },
    ],
    [
      "masks a reset token carried in the path",
      {
        "/api/auth/reset-password/Zk3q9TOKEN?callbackURL=%2Fauth": "/api/auth/reset-password/[redacted]?[redacted]",
        "/api/auth/RESET-PASSWORD/Zk3q9TOKEN": "/api/auth/RESET-PASSWORD/[redacted]",
      },
    ],
    [
      "masks a commission client's and a certificate download's signed token, and a verify code",
      {
        "/commission/v1.0192e1f0.SiGnAtUrE": "/commission/[redacted]",
        "/commission/v1.0192e1f0.SiGnAtUrE.data?_routes=x": "/commission/[redacted]?_routes=x",
        "/certificates/v1.abc.SiGn": "/certificates/[redacted]",
        "/verify/K7Q2M9X4P8R3T6W1Z5C0B2N7": "/verify/[redacted]",
      },
    ],
    [
      "masks a viewing room's secret, in its path and in the checkout's and contact form's query",
      {
        "/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345": "/room/[redacted]",
        "/room/AbCdEfGhIjKlMnOpQrStUvWxYz012345.data": "/room/[redacted]",
        "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&room=AbCd":
          "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&room=[redacted]",
        "/contact?type=artwork&room=AbCd": "/contact?type=artwork&room=[redacted]",
      },
    ],
    [
      "masks the link mailed to a buyer whose hold was approved: whoever holds it may buy the work",
      {
        "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&hold=0192e1f1-aaaa.SiGn":
          "/checkout?artwork=0192e1f0-1234-7abc-8def-0123456789ab&hold=[redacted]",
        "/checkout.data?artwork=1&Hold=x": "/checkout.data?artwork=1&Hold=[redacted]",
      },
    ],
    [
      "masks any parameter that names a secret, anywhere",
      {
        "/checkout?cancelled=A-2026-0001&session_id=cs_test_1": "/checkout?cancelled=A-2026-0001&session_id=[redacted]",
        "/rooms/x?access_token=1&page=2&Code=9&api%5Fkey=3":
          "/rooms/x?access_token=[redacted]&page=2&Code=[redacted]&api%5Fkey=[redacted]",
      },
    ],
    [
      "keeps ordinary URLs as they are",
      {
        "/gallery?q=blue&medium=Oil&page=2": "/gallery?q=blue&medium=Oil&page=2",
        "/artwork/0192e1f0-1234-7abc-8def-0123456789ab": "/artwork/0192e1f0-1234-7abc-8def-0123456789ab",
      },
    ],
    ["masks a parameter whose name cannot be decoded", { "/gallery?%E0%A4%A=1&q=x": "/gallery?[redacted]&q=x" }],
  ])("%s", (_, logged) => {
    for (const [url, line] of Object.entries(logged)) expect(redactUrlForLog(url), url).toBe(line);
  });
});
