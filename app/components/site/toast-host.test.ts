import { describe, expect, it } from "vitest";
import { ACTIVITY_TOASTS, PAGE_TOASTS, RICH_TEXT_COLOURS, TOASTERS } from "./toast-host";

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

  it("writes every coloured toast's text at 4.5:1 or more on its background (WCAG AA)", () => {
    // sonner's light backgrounds (sonner/dist/styles.css), and our text colours over them.
    const backgrounds = {
      success: "hsl(143, 85%, 96%)",
      info: "hsl(208, 100%, 97%)",
      warning: "hsl(49, 100%, 97%)",
      error: "hsl(359, 100%, 97%)",
    };
    for (const [kind, background] of Object.entries(backgrounds)) {
      const text = RICH_TEXT_COLOURS[`--${kind}-text` as keyof typeof RICH_TEXT_COLOURS];
      expect(contrast(text, background), kind).toBeGreaterThanOrEqual(4.5);
    }
    expect(TOASTERS.page.style).toBe(RICH_TEXT_COLOURS);
  });
});

/** WCAG 2 contrast ratio of two `hsl(h, s%, l%)` colours. */
function contrast(a: string, b: string): number {
  const [la, lb] = [luminance(a), luminance(b)];
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function luminance(hsl: string): number {
  const [h, s, l] = (hsl.match(/[\d.]+/g) ?? []).map(Number) as [number, number, number];
  const k = (n: number) => (n + h / 30) % 12;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (n: number) => l / 100 - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  const linear = (c: number) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(channel(0)) + 0.7152 * linear(channel(8)) + 0.0722 * linear(channel(4));
}
