import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LightboxProvider, useLightbox } from "./lightbox-provider";

function Opener() {
  const lightbox = useLightbox();
  return <button type="button">{typeof lightbox.open}</button>;
}

describe("useLightbox", () => {
  it("is an error outside its provider", () => {
    expect(() => renderToString(<Opener />)).toThrow("useLightbox must be used within LightboxProvider");
  });

  it("gives the controls inside it, and renders no viewer until opened", () => {
    const html = renderToString(
      <LightboxProvider>
        <Opener />
      </LightboxProvider>,
    );
    expect(html).toBe('<button type="button">function</button>');
  });
});
