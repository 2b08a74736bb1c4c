import { describe, expect, it } from "vitest";
import { ACTIVITY_TOASTS, PAGE_TOASTS, TOASTERS } from "./toast-host";

describe("the toast layers (spec §9)", () => {
  it("shows the page's own toasts one at a time, for 5000 ms by default", () => {
    expect(PAGE_TOASTS).toEqual({ visible: 1, durationMs: 5000 });
    expect(TOASTERS.page).toMatchObject({ visibleToasts: 1, duration: 5000 });
    // The page's layer is sonner's default toaster: a toast sent without a toasterId lands there.
    expect(TOASTERS.page).not.toHaveProperty("id");
  });

  it("shows activity in a second layer: 3 visible, 4000 ms each", () => {
    expect(ACTIVITY_TOASTS).toEqual({ id: "activity", visible: 3, durationMs: 4000 });
    expect(TOASTERS.activity).toMatchObject({ id: "activity", visibleToasts: 3, duration: 4000 });
    // Apart from the page's layer, so a burst of activity never hides what the page said.
    expect(TOASTERS.activity.position).not.toBe(TOASTERS.page.position);
  });
});
