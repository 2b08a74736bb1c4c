import { describe, expect, it } from "vitest";
import { DEFAULT_HIGHLIGHTS, DEFAULT_PROCESS, ProcessContent, resolveHighlights, resolveProcess } from "./sections";

describe("the process section", () => {
  it("is the three fixed steps by default: Inspiration, Creation, Refinement", () => {
    expect(resolveProcess(undefined).steps.map((s) => s.title)).toEqual(["Inspiration", "Creation", "Refinement"]);
    expect(resolveProcess(undefined)).toEqual(DEFAULT_PROCESS);
    for (const step of DEFAULT_PROCESS.steps) {
      expect(step.description).not.toBe("");
      expect(step.detail).not.toBe("");
    }
  });

  it("takes the stored texts that are set and keeps exactly three steps", () => {
    const stored = ProcessContent.parse({
      title: "How I work",
      subtitle: "  ",
      steps: [
        { title: "Looking", description: "Walks by the river." },
        { title: "Creation", detail: "Months, not weeks." },
        { title: "Refinement" },
        { title: "A fourth step" },
      ],
    });
    const process = resolveProcess(stored);
    expect(process.title).toBe("How I work");
    expect(process.subtitle).toBe(DEFAULT_PROCESS.subtitle);
    expect(process.steps).toEqual([
      { title: "Looking", description: "Walks by the river.", detail: DEFAULT_PROCESS.steps[0]!.detail },
      { title: "Creation", description: DEFAULT_PROCESS.steps[1]!.description, detail: "Months, not weeks." },
      DEFAULT_PROCESS.steps[2],
    ]);
  });
});

describe("the statement's highlights", () => {
  it("default to the spec's four when none are stored", () => {
    expect(resolveHighlights([]).map((h) => h.text)).toEqual([
      "150+ Original Artworks",
      "10+ Years Experience",
      "Contemporary Style Focus",
      "Commission Work Available",
    ]);
    expect(resolveHighlights(undefined)).toEqual(DEFAULT_HIGHLIGHTS);
    expect(resolveHighlights(undefined)).not.toBe(DEFAULT_HIGHLIGHTS);
  });

  it("are the stored ones when there are any", () => {
    const own = [{ text: "Shown in 12 cities", color: "#2f6b47" }];
    expect(resolveHighlights(own)).toEqual(own);
  });
});
