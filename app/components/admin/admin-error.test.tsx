import { data } from "react-router";
import { describe, expect, it } from "vitest";
import { renderBoundary } from "../../../tests/support/render-route";
import { AdminPageError } from "./admin-error";

const render = (loader: () => unknown) => renderBoundary(AdminPageError, loader);

describe("an admin page's error boundary", () => {
  it("says a page that broke broke", async () => {
    const { status, html } = await render(() => {
      throw new Error("boom");
    });
    expect(status).toBe(500);
    expect(html).toMatch(/<h1[^>]*>Unexpected Application Error!<\/h1>/);
  });

  it("says the site is back in a moment, with the reason, when the database is out of reach (503)", async () => {
    const reason = "The site is briefly unavailable. Please try again in a moment.";
    const { status, html } = await render(() => {
      throw data(reason, { status: 503 });
    });
    expect(status).toBe(503);
    expect(html).toMatch(/<h1[^>]*>Back in a moment<\/h1>/);
    expect(html).toContain(reason);
    expect(html).not.toContain("Something went wrong while showing this page.");
  });
});
