import { describe, expect, it } from "vitest";
import { formOf } from "../../../tests/support/form";
import { queuedCardChanges } from "./queued-cards";

const changes = queuedCardChanges({
  table: "homepage_sections",
  orderColumn: "section_order",
  switches: { is_published: "isPublished", is_active: "isActive" },
});

describe("a card list's submissions as the changes they wait in the offline queue as", () => {
  it("turns a switch into an update of that switch's column", () => {
    expect(changes(formOf({ intent: "flag", id: "s1", field: "isActive", value: "false" }))).toEqual([
      { type: "update", table: "homepage_sections", data: { id: "s1", is_active: false } },
    ]);
    expect(changes(formOf({ intent: "flag", id: "s2", field: "isPublished", value: "true" }))).toEqual([
      { type: "update", table: "homepage_sections", data: { id: "s2", is_published: true } },
    ]);
  });

  it("turns a new order into each card's position", () => {
    expect(changes(formOf({ intent: "reorder", ids: "c,a,b" }))).toEqual([
      { type: "update", table: "homepage_sections", data: { id: "c", section_order: 0 } },
      { type: "update", table: "homepage_sections", data: { id: "a", section_order: 1 } },
      { type: "update", table: "homepage_sections", data: { id: "b", section_order: 2 } },
    ]);
  });

  it("leaves anything else to be sent as it is: a switch it does not know, a delete, an edit", () => {
    expect(changes(formOf({ intent: "flag", id: "s1", field: "isFeatured", value: "true" }))).toBeUndefined();
    expect(changes(formOf({ intent: "delete", id: "s1" }))).toBeUndefined();
    expect(changes(formOf({ intent: "update", id: "s1", title: "Spring" }))).toBeUndefined();
  });
});
