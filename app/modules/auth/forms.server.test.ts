import { describe, expect, it } from "vitest";
import { AuthIntentSchema } from "./forms.server";

const messagesFor = (value: Record<string, unknown>, path: string) =>
  AuthIntentSchema.safeParse(value)
    .error?.issues.filter((issue) => issue.path.join(".") === path)
    .map((issue) => issue.message);

describe("the sign-in form", () => {
  it("says a password that is too long is too long, not missing", () => {
    const signIn = { intent: "sign-in", email: "ann@example.com" };
    expect(messagesFor({ ...signIn, password: "p".repeat(10_000) }, "password")).toEqual([
      "That password is too long.",
    ]);
    expect(messagesFor({ ...signIn, password: "" }, "password")).toEqual(["Enter your password."]);
  });
});
