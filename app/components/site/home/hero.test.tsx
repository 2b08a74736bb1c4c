import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Hero } from "./hero";

const render = (ctaLink: string | undefined, ctaText = "See the new work") =>
  renderToString(
    <MemoryRouter>
      <Hero content={{ title: "Tidewater", subtitle: "", ctaText, ctaLink }} image={null} imageUrl={null} />
    </MemoryRouter>,
  );

describe("Hero", () => {
  it("sends its button where the Homepage Editor says (issue 14 item 9)", () => {
    expect(render("/shop")).toContain('href="/shop"');
    expect(render("/blog/spring-studio")).toContain('href="/blog/spring-studio"');
    const external = render("https://gallery.example/show");
    expect(external).toContain('href="https://gallery.example/show"');
    expect(external).toContain('rel="noopener"');
  });

  it("goes to the gallery when no link is set", () => {
    const html = render("", "");
    expect(html).toMatch(/<a[^>]*href="\/gallery"[^>]*>View the Gallery<\/a>/);
  });
});
