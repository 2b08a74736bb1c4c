import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { ArtworkCardData } from "../artwork-card";
import { FeaturedCarousel } from "./featured-carousel";
import { FeaturedSection } from "./featured-section";

const work = (i: number, availability = "available"): ArtworkCardData => ({
  id: `0190a5c0-0000-7000-8000-00000000000${i}`,
  title: `Study ${i}`,
  medium: "Oil on linen",
  year: 2020 + i,
  size: `${10 + i}" x 20"`,
  priceCents: 250_000 + i * 100,
  currency: "USD",
  availability,
  image: null,
});

const render = (node: ReactNode) => renderToString(<StaticRouter location="/">{node}</StaticRouter>);
const count = (html: string, needle: string) => html.split(needle).length - 1;

describe("the featured carousel, as the server renders it", () => {
  const works = [work(1), work(2, "sold"), work(3, "reserved")];
  const html = render(<FeaturedCarousel artworks={works} />);

  it("is a labelled carousel region of slides labelled 'N of M', only the first one live", () => {
    expect(html).toContain('role="region" aria-roledescription="carousel" aria-label="Featured artworks"');
    for (const n of [1, 2, 3]) expect(html).toContain(`aria-roledescription="slide" aria-label="${n} of 3"`);
    // The slides after the first are inert: out of the tab order and the accessibility tree.
    expect(count(html, "inert")).toBe(2);
  });

  it("has previous, next and one dot per slide, the first dot current", () => {
    expect(html).toContain('aria-label="Previous slide"');
    expect(html).toContain('aria-label="Next slide"');
    expect(html).toMatch(/aria-label="Go to slide 1" aria-current="true"/);
    expect(html).toContain('aria-label="Go to slide 3"');
    // Autoplay needs the page's script, so its control appears once hydrated.
    expect(html).not.toContain("slideshow");
  });

  it("shows each work's badge, price, size, year and actions; a sold work cannot be inquired about", () => {
    expect(html).toContain("AVAILABLE");
    expect(html).toContain("RESERVED");
    expect(count(html, ">SOLD<")).toBe(1);
    expect(html).toContain("$2,501");
    expect(html).toContain("11&quot; x 20&quot;");
    expect(html).toContain(">2021<");
    expect(count(html, ">View Details<")).toBe(3);
    expect(html).toContain('href="/artwork/0190a5c0-0000-7000-8000-000000000001"');
    expect(html).toContain(
      'href="/contact?type=artwork&amp;artwork_id=0190a5c0-0000-7000-8000-000000000001&amp;artwork_title=Study+1"',
    );
    expect(html).toMatch(/<button type="button" disabled="" [^>]*>SOLD OUT<\/button>/);
    expect(count(html, ">Inquire<")).toBe(2);
    expect(html).not.toContain("artwork_title=Study+2");
  });

  it("has no controls for a single work", () => {
    const one = render(<FeaturedCarousel artworks={[work(1)]} />);
    expect(one).not.toContain("Next slide");
    expect(one).toContain('aria-label="1 of 1"');
  });
});

describe("the featured section", () => {
  const content = { title: "Featured Works", description: "", ctaText: "", ctaLink: "" };

  it("shows the skeleton and the loading text while the works are on their way", () => {
    const html = render(
      <FeaturedSection content={content} artworks={new Promise<ArtworkCardData[]>(() => undefined)} />,
    );
    expect(html).toContain("Loading featured artworks...");
    expect(html).toContain('role="status"');
    expect(html).not.toContain("carousel");
  });

  it("shows no skeleton when the works are already here", () => {
    const html = render(<FeaturedSection content={content} artworks={[work(1), work(2)]} />);
    expect(html).not.toContain("Loading featured artworks...");
    expect(html).toContain('aria-label="2 of 2"');
  });

  it("says so when there are no featured works, and links to the gallery by default", () => {
    const html = render(<FeaturedSection content={content} artworks={[]} />);
    expect(html).toContain("Featured artworks will appear here soon.");
    expect(html).toContain('href="/gallery"');
    expect(html).toContain("View Complete Gallery");
  });
});
