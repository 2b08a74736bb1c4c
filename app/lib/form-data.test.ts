import { describe, expect, it } from "vitest";
import { formText } from "./form-data";

describe("formText", () => {
  const form = new FormData();
  form.set("note", "line one\r\nline two");
  form.set("file", new File(["x"], "x.txt"));

  it("reads a text field with Windows line ends made plain", () => {
    expect(formText(form, "note")).toBe("line one\nline two");
  });

  it("reads a missing field or a file as empty", () => {
    expect(formText(form, "absent")).toBe("");
    expect(formText(form, "file")).toBe("");
  });

  it("cuts the text to the length asked for", () => {
    expect(formText(form, "note", 4)).toBe("line");
  });
});
