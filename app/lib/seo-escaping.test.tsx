import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta } from "react-router";
import { describe, expect, it } from "vitest";
import { artworkSeo, type ArtworkSeo, type SeoSite } from "./seo";

const SITE: SeoSite = {
  siteTitle: 'Studio "Nine"',
  artistName: "Ana O'Neil",
  tagline: "Paintings & drawings",
  publicUrl: "https://example.com",
  locationLine: "",
  socialLinks: [],
  country: "US",
  pages: Object.fromEntries(
    ["default", "home", "gallery", "shop", "about", "commissions", "contact"].map((k) => [
      k,
      { title: k, description: k },
    ]),
  ) as SeoSite["pages"],
};

const HOSTILE: ArtworkSeo = {
  id: "01a1fcfb-5cd2-70ed-8e52-803bc9732db4",
  title: 'The "Blue" Hour & <Night>',
  description: 'It ends here: </script><script>alert("x")</script> and \u2028 goes on <!-- too',
  medium: "Oil on canvas",
  year: 2024,
  size: '20" x 16"',
  priceCents: 150_000,
  currency: "USD",
  availability: "available",
  image: null,
};

/** Server-renders <Meta /> for a route whose meta is the artwork's, as the framework does in the document head. */
function renderHead(): string {
  const Stub = createRoutesStub([{ path: "/", meta: () => artworkSeo(SITE, HOSTILE), Component: () => <Meta /> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

describe("metadata escaping in the rendered head", () => {
  it("keeps quotes and </script> inside the JSON-LD script, which still parses to the same data", () => {
    const html = renderHead();
    const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    // Only the script's own closing tag: the description's </script> and <!-- were escaped away.
    expect(html.match(/<\/script>/gi)).toHaveLength(1);
    expect(html).not.toContain("<script>alert");
    expect(scripts[0]![1]).not.toMatch(/<|>|<!--/);
    const data = JSON.parse(scripts[0]![1]!) as {
      name: string;
      description: string;
      offers: { priceCurrency: string };
    };
    expect(data.name).toBe(HOSTILE.title);
    expect(data.description).toBe(HOSTILE.description);
    expect(data.offers.priceCurrency).toBe("USD");
  });

  it("escapes quotes and angle brackets in the title and meta attributes", () => {
    const html = renderHead();
    expect(html).toContain(
      "<title>The &quot;Blue&quot; Hour &amp; &lt;Night&gt; - Original Art by Ana O&#x27;Neil</title>",
    );
    expect(html).toContain(
      '<meta property="og:title" content="The &quot;Blue&quot; Hour &amp; &lt;Night&gt; - Original Art by Ana O&#x27;Neil"/>',
    );
    expect(html).toContain('<meta property="og:site_name" content="Studio &quot;Nine&quot;"/>');
    expect(html).not.toContain('"Blue"');
  });
});
