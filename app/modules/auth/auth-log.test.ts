import { describe, expect, it } from "vitest";
import { authLogLevel } from "./auth-log";

describe("better-auth's log levels", () => {
  it("logs what a sender's request got wrong as a warning, not an error anyone can raise at will", () => {
    for (const message of [
      "Invalid callbackURL: //evil.com",
      "Invalid redirectURL: https://evil.example",
      "Invalid origin: https://evil.example",
      "Invalid errorCallbackURL: javascript:alert(1)",
      "Invalid newUserCallbackURL: //x",
      "Provider not found. Make sure to add the provider in your auth config",
    ])
      expect(authLogLevel("error", message), message).toBe("warn");
  });

  it("keeps the level of everything else", () => {
    expect(authLogLevel("error", "Failed to create user")).toBe("error");
    expect(authLogLevel("warn", "Invalid origin: x")).toBe("warn");
    expect(authLogLevel("info", "anything")).toBe("info");
    expect(authLogLevel("debug", "Invalid callbackURL: x")).toBe("debug");
  });
});
