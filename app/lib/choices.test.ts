import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { choices } from "./choices";

const sizes = choices({ small: "Small", medium_large: "Medium or large", "extra-large": "Extra large" });

describe("choices", () => {
  it("lists the values in the order they are written, with their labels", () => {
    expect(sizes.values).toEqual(["small", "medium_large", "extra-large"]);
    expect(sizes.labels["extra-large"]).toBe("Extra large");
    expectTypeOf<(typeof sizes.values)[number]>().toEqualTypeOf<"small" | "medium_large" | "extra-large">();
  });

  it("tells its own values from any other text", () => {
    expect(sizes.is("medium_large")).toBe(true);
    for (const other of ["Small", "toString", "__proto__", "", null, 1])
      expect(sizes.is(other), String(other)).toBe(false);
  });

  it("gives zod's enum its values", () => {
    const Size = z.enum(sizes.values);
    expect(Size.parse("small")).toBe("small");
    expect(Size.safeParse("Small").success).toBe(false);
  });
});
