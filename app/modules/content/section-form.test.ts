import { describe, expect, it } from "vitest";
import { formOf } from "../../../tests/support/form";
import { describeSection, formToContent, parseSectionContent, type ListFieldSpec } from "./section-form";

describe("forms generated from the section content types", () => {
  it("describes the hero: a required title, text fields, a link and an image picker", () => {
    const fields = describeSection("hero");
    expect(fields.map((f) => [f.key, f.kind === "text" ? f.widget : f.kind])).toEqual([
      ["title", "text"],
      ["subtitle", "textarea"],
      ["ctaText", "text"],
      ["ctaLink", "link"],
      ["backgroundImage", "image"],
    ]);
    expect(fields[0]).toMatchObject({ label: "Title", required: true, maxLength: 160 });
    expect(fields[2]).toMatchObject({ label: "Button text", required: false, maxLength: 60 });
  });

  it("describes every section type of spec §3, with defaults as placeholders", () => {
    for (const type of ["hero", "featured_artworks", "artist_statement", "process"] as const)
      expect(describeSection(type).length).toBeGreaterThan(2);
    const featured = describeSection("featured_artworks");
    expect(featured.find((f) => f.key === "ctaLink")).toMatchObject({ widget: "link", defaultValue: "/gallery" });
  });

  it("describes lists: highlights with colours, process steps bounded to three", () => {
    const highlights = describeSection("artist_statement").find((f) => f.key === "highlights") as ListFieldSpec;
    expect(highlights).toMatchObject({ kind: "list", itemLabel: "Highlight", maxItems: 8 });
    expect(highlights.fields.map((f) => [f.key, f.widget, f.required])).toEqual([
      ["text", "text", true],
      ["color", "color", false],
    ]);
    const steps = describeSection("process").find((f) => f.key === "steps") as ListFieldSpec;
    expect(steps).toMatchObject({ maxItems: 3, itemLabel: "Step" });
    expect(steps.fields.map((f) => f.key)).toEqual(["title", "description", "detail"]);
  });

  it("reads form data back into content: lists in order, blank rows dropped, empty fields taking defaults", () => {
    const fields = describeSection("artist_statement");
    const content = formToContent(
      formOf({
        title: "  About  ",
        cta1Link: "",
        "highlights.2.text": "Third",
        "highlights.2.color": "#2f6b47",
        "highlights.0.text": "First",
        "highlights.0.color": "",
        "highlights.1.text": "",
        "highlights.1.color": "",
      }),
      fields,
    );
    expect(content).toMatchObject({
      title: "About",
      highlights: [
        { text: "First", color: "" },
        { text: "Third", color: "#2f6b47" },
      ],
    });
    expect(content).not.toHaveProperty("cta1Link");
    const parsed = parseSectionContent("artist_statement", content);
    expect(parsed.ok && parsed.content.cta1Link).toBe("/about");
  });

  it("reports problems by field name in plain words", () => {
    const hero = parseSectionContent(
      "hero",
      formToContent(formOf({ title: "", ctaLink: "gallery" }), describeSection("hero")),
    );
    expect(hero).toEqual({
      ok: false,
      errors: {
        title: "This field is required.",
        ctaLink: "Use a page of this site (starting with /) or a full address (https://…).",
      },
    });
    const statement = parseSectionContent(
      "artist_statement",
      formToContent(
        formOf({ "highlights.0.text": "", "highlights.0.color": "red" }),
        describeSection("artist_statement"),
      ),
    );
    expect(statement).toEqual({ ok: false, errors: { "highlights.0.text": "This field is required." } });
    // A colour that is none is said beside its field, with the other mistakes (it was saved, and never shown).
    const colours = parseSectionContent(
      "artist_statement",
      formToContent(
        formOf({
          "highlights.0.text": "",
          "highlights.0.color": "#8c3f22",
          "highlights.1.text": "Shown",
          "highlights.1.color": "rgb(999,0,0);}</style>",
        }),
        describeSection("artist_statement"),
      ),
    );
    expect(colours).toEqual({
      ok: false,
      errors: {
        "highlights.0.text": "This field is required.",
        "highlights.1.color": "Enter a CSS color such as #8c3f22, or leave it empty.",
      },
    });
  });
});
