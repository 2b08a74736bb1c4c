import { data } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { renderBoundary } from "../tests/support/render-route";
import { ErrorBoundary } from "./root";

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];

/** Server-renders a route whose loader is `loader` under the app's root error boundary, as the framework does. */
const render = (loader: () => unknown) =>
  renderBoundary(({ error }) => <ErrorBoundary {...({ error } as BoundaryProps)} />, loader);

describe("the root error boundary", () => {
  it("shows 'Unexpected Application Error!' when a route throws", async () => {
    const { status, html } = await render(() => {
      throw new Error("database exploded");
    });
    expect(status).toBe(500);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Something went wrong while showing this page.");
  });

  it("shows the 404 page for a thrown 404", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { status, html } = await render(() => {
      throw data("Artwork not found", { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).toContain("Return to Gallery");
  });

  it("says the site is back in a moment, not that something broke, for a 503 with its reason", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const reason = "The site is briefly unavailable. Please try again in a moment.";
    const { status, html } = await render(() => {
      throw data(reason, { status: 503 });
    });
    expect(status).toBe(503);
    expect(html).toContain("<h1");
    expect(html).toMatch(/<h1[^>]*>Back in a moment<\/h1>/);
    expect(html).toContain(reason);
    expect(html).not.toContain("Unexpected Application Error!");
    expect(html).toContain("<title>Back in a moment</title>");
  });
});
