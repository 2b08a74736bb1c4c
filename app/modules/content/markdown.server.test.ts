import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis, lists and links", () => {
    const html = renderMarkdown("First *paragraph*.\n\n- one\n- **two**\n\n[Gallery](/gallery)");
    expect(html).toContain("<p>First <em>paragraph</em>.</p>");
    expect(html).toContain("<li><strong>two</strong></li>");
    expect(html).toContain('<a href="/gallery">Gallery</a>');
  });

  it("strips script tags and their contents", () => {
    const html = renderMarkdown(
      'Hello <script>alert("x")</script> world\n\n<script src="https://evil.example/x.js"></script>',
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toContain("alert");
    expect(html).toContain("Hello");
    expect(html).toContain("world");
  });

  it("strips event handlers, javascript: links, iframes and styles", () => {
    const html = renderMarkdown(
      [
        '<img src="https://example.com/a.jpg" onerror="alert(1)">',
        "[click](javascript:alert(1))",
        '<a href="JaVaScRiPt:alert(2)">x</a>',
        '<iframe src="https://evil.example"></iframe>',
        "<style>body{display:none}</style>",
        '<p style="color:red" onclick="alert(3)">styled</p>',
      ].join("\n\n"),
    );
    expect(html).not.toMatch(/onerror|onclick|javascript:|<iframe|<style|style=/i);
    expect(html).not.toContain("alert");
    expect(html).toContain("styled");
  });

  it("demotes headings so the page keeps one h1", () => {
    expect(renderMarkdown("# Big\n\n## Smaller")).toBe("<h2>Big</h2>\n<h3>Smaller</h3>\n");
    expect(renderMarkdown("###### Deepest")).toContain("<h6>Deepest</h6>");
  });

  it("opens links to other sites in a new tab without handing them the page", () => {
    expect(renderMarkdown("[x](https://example.com)")).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it("keeps images from this site and from https, lazily loaded", () => {
    expect(renderMarkdown("![A study](/media/abc/640.webp)")).toContain(
      '<img src="/media/abc/640.webp" alt="A study" loading="lazy" />',
    );
    expect(renderMarkdown("![x](http://insecure.example/a.jpg)")).not.toContain("insecure");
  });
});

describe("markdownToText", () => {
  it("gives the words without markup", () => {
    expect(markdownToText("# Title\n\nSome *emphasis* & [a link](/x).<script>bad()</script>")).toBe(
      "Title Some emphasis & a link.",
    );
  });
});
