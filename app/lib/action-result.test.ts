import { describe, expect, it } from "vitest";
import { fieldBinder, formState, type ActionResult } from "./action-result";

const refused: ActionResult = {
  ok: false,
  error: "Check the highlighted fields.",
  intent: "ship",
  fieldErrors: { carrier: "Enter the carrier." },
  values: { carrier: "", trackingNumber: "1Z999" },
};

describe("formState", () => {
  it("binds a field to what was typed and its error after a refusal", () => {
    const { field, count, error } = formState(refused, "ship");
    expect(field("trackingNumber")).toEqual({ name: "trackingNumber", defaultValue: "1Z999", error: undefined });
    // What was typed wins over the saved value, even when it is empty.
    expect(field("carrier", "UPS")).toEqual({ name: "carrier", defaultValue: "", error: "Enter the carrier." });
    expect(count).toBe(1);
    expect(error).toBeUndefined();
  });

  it("gives the saved value and no error when the answer was for another form or a success", () => {
    for (const state of [formState(refused, "cancel"), formState({ ok: true, message: "Saved." })]) {
      expect(state.field("carrier", "UPS")).toEqual({ name: "carrier", defaultValue: "UPS", error: undefined });
      expect(state.count).toBe(0);
    }
  });

  it("says the failure's own error when no field is named", () => {
    expect(formState({ ok: false, error: "The order changed meanwhile." }).error).toBe("The order changed meanwhile.");
  });
});

describe("fieldBinder", () => {
  it("binds a page's own values and errors the same way", () => {
    const field = fieldBinder({ email: "ann@" }, { email: "Enter a valid e-mail address." });
    expect(field("email")).toEqual({ name: "email", defaultValue: "ann@", error: "Enter a valid e-mail address." });
    expect(field("name")).toEqual({ name: "name", defaultValue: undefined, error: undefined });
  });
});
