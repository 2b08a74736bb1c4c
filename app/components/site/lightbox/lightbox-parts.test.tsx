import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { AddToCart, DescriptionBox, HelpPanel, ZoomControls } from "./lightbox-parts";
import type { LightboxImage } from "./types";

const tidewater: LightboxImage = {
  id: "0190f7a2-0000-7000-8000-000000000001",
  src: "/media/abc/1280.webp",
  alt: "Tidewater Hymn, Oil on canvas",
  title: "Tidewater Hymn",
  description: "Layers of thinned ultramarine and slate.",
  price: 680_000,
  currency: "USD",
  available: true,
  medium: "Oil on canvas",
  size: '48" x 36"',
  year: 2025,
};

const text = (html: string) => html.replace(/<!-- -->/g, "");

describe("the description box", () => {
  it("shows the title, medium · size · year and the description", () => {
    const html = text(renderToString(<DescriptionBox image={tidewater} index={0} titleId="t" />));
    expect(html).toContain('<h2 id="t"');
    expect(html).toContain(">Tidewater Hymn</h2>");
    expect(html).toContain("Oil on canvas · 48&quot; x 36&quot; · 2025");
    expect(html).toContain("Layers of thinned ultramarine and slate.");
  });

  it("falls back to 'Image N' for an untitled image", () => {
    const html = renderToString(<DescriptionBox image={{ ...tidewater, title: undefined }} index={4} titleId="t" />);
    expect(text(html)).toContain(">Image 5</h2>");
  });
});

describe("Add to Cart", () => {
  it("shows with the price only when a purchase handler exists", () => {
    expect(text(renderToString(<AddToCart image={tidewater} onAddToCart={vi.fn()} />))).toContain(
      "Add to Cart · $6,800",
    );
    expect(renderToString(<AddToCart image={tidewater} />)).toBe("");
  });

  it("does not show for a sold or unpriced work", () => {
    const handler = vi.fn();
    expect(renderToString(<AddToCart image={{ ...tidewater, available: false }} onAddToCart={handler} />)).toBe("");
    expect(renderToString(<AddToCart image={{ ...tidewater, price: null }} onAddToCart={handler} />)).toBe("");
  });

  it("says Sold for a sold work, with no button", () => {
    const html = renderToString(
      <AddToCart image={{ ...tidewater, available: false, sold: true }} onAddToCart={vi.fn()} />,
    );
    expect(text(html)).toContain("Sold");
    expect(html).not.toContain("<button");
  });

  it("hands the image to the purchase handler when pressed", () => {
    const handler = vi.fn();
    // Server rendering attaches no events, so press the button React was given.
    const button = AddToCart({ image: tidewater, onAddToCart: handler }) as ReactElement<{ onClick: () => void }>;
    expect(button.type).toBe("button");
    button.props.onClick();
    expect(handler).toHaveBeenCalledWith(tidewater);
  });
});

describe("the zoom controls", () => {
  it("name their buttons and show the percentage", () => {
    const html = text(
      renderToString(<ZoomControls zoom={1.44} onZoomIn={vi.fn()} onZoomOut={vi.fn()} onReset={vi.fn()} />),
    );
    for (const name of ["Zoom out", "Zoom in", "Reset zoom"]) expect(html).toContain(`aria-label="${name}"`);
    expect(html).toContain(">144%</output>");
  });

  it("mark a button unavailable at its limit without disabling it (focus stays put)", () => {
    const html = renderToString(<ZoomControls zoom={5} onZoomIn={vi.fn()} onZoomOut={vi.fn()} onReset={vi.fn()} />);
    expect(html).toMatch(/aria-label="Zoom in"[^>]*aria-disabled="true"/);
    expect(html).not.toContain('disabled=""');
  });
});

describe("the help panel", () => {
  it("lists every shortcut", () => {
    const html = renderToString(<HelpPanel onClose={vi.fn()} />);
    expect(html).toContain("Keyboard shortcuts");
    for (const key of ["←", "→", "+", "−", "0", "F", "T", "S", "D", "H", "Esc"])
      expect(html).toContain(`>${key}</kbd>`);
  });
});
