import { describe, expect, it } from "vitest";
import { parseSubmission } from "~/modules/forms/submission.server";
import { formOf } from "../../../tests/support/form";
import { HoldRequestSchema } from "./holds.server";

const read = (fields: Record<string, string>) => parseSubmission(formOf(fields), HoldRequestSchema);

describe("the hold request form", () => {
  it("takes a name, an address made lower case and a note with its line ends as typed", () => {
    const sent = read({ name: " Hal Holder ", email: "Hal@Example.com", note: "Back Friday.\r\nThanks!" });
    expect(sent.ok && sent.value).toEqual({
      name: "Hal Holder",
      email: "hal@example.com",
      note: "Back Friday.\nThanks!",
    });
    expect(read({ name: "Hal", email: "hal@example.com" })).toMatchObject({ ok: true, value: { note: "" } });
  });

  it("says what is missing or wrong beside each field, even for a field the form did not send", () => {
    expect(read({})).toMatchObject({
      ok: false,
      failure: { fieldErrors: { name: "Enter your name.", email: "Enter your email address." } },
    });
    expect(read({ name: " ", email: "hal@", note: "x".repeat(1_001) })).toMatchObject({
      ok: false,
      failure: {
        fieldErrors: {
          name: "Enter your name.",
          email: "Enter a valid email address, like name@example.com.",
          note: "Please keep the note under 1,000 characters.",
        },
        values: { name: " ", email: "hal@" },
      },
    });
  });
});
