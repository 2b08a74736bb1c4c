import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SiteFooter } from "./site-footer";

// The footer's newsletter box uses a fetcher, which needs a data router.
const render = (socialLinks: { label: string; url: string }[]) => {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <SiteFooter
          siteTitle="Atelier"
          artistName="The Artist"
          contactEmail="studio@example.com"
          locationLine=""
          socialLinks={socialLinks}
        />
      ),
    },
  ]);
  return renderToString(<RouterProvider router={router} />);
};

describe("SiteFooter", () => {
  it("lists the artist's social links under Follow", () => {
    const html = render([{ label: "Instagram", url: "https://instagram.com/theartist" }]);
    expect(html).toContain(">Follow</p>");
    expect(html).toContain('href="https://instagram.com/theartist"');
  });

  it("leaves out the Follow heading when the artist has no link to follow", () => {
    expect(render([])).not.toContain(">Follow</p>");
    // A link Settings would not take (not a web or mail address) is not shown, so it does not count either.
    expect(render([{ label: "Odd", url: "javascript:alert(1)" }])).not.toContain(">Follow</p>");
  });
});
