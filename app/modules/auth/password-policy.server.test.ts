import { describe, expect, it } from "vitest";
import { passwordProblem, passwordProblemMessage } from "./password-policy.server";

describe("password policy", () => {
  it("asks for 10 to 128 characters", () => {
    expect(passwordProblem("short one")).toBe("too-short");
    expect(passwordProblem("x".repeat(129))).toBe("too-long");
    expect(passwordProblem("a quiet harbour at dusk")).toBeNull();
    expect(passwordProblem(`${"correct horse battery staple ".repeat(4)}`.trim().slice(0, 128))).toBeNull();
  });

  it.each([
    "password123",
    "Password2024!",
    "qwertyuiop",
    "1234567890",
    "p@ssw0rd123",
    "iloveyou12",
    "!!!dragon2024",
    "aaaaaaaaaaaa",
    "abcabcabcabc",
    "monkeymonkey",
    "zxcvbnm123",
    "9876543210",
    "Sunshine!!!!",
    "qwertyqwerty",
  ])("rejects the common or patterned %s", (password) => {
    expect(passwordProblem(password)).toBe("too-common");
  });

  it.each(["blue gate, late tide", "Ochre-Harbour-61", "monkeybusiness", "dragonfly orchard"])(
    "accepts the uncommon %s",
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it("rejects the account's own e-mail or name", () => {
    expect(passwordProblem("mara.ellison2024", { email: "mara.ellison@example.com" })).toBe("personal");
    expect(passwordProblem("x mara.ellison@example.com", { email: "mara.ellison@example.com" })).toBe("personal");
    expect(passwordProblem("MaraEllison!!", { name: "Mara Ellison" })).toBe("personal");
    expect(passwordProblem("a quiet harbour at dusk", { email: "mara@example.com", name: "Mara" })).toBeNull();
  });

  it("explains each problem in plain words", () => {
    expect(passwordProblemMessage("too-short")).toBe("Use at least 10 characters.");
    expect(passwordProblemMessage("too-common")).toMatch(/too common/);
  });
});
