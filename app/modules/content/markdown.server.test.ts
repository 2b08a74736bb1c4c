import { describe, expect, it } from "vitest";
import { markdownToText, renderMarkdown, tameMarkdown } from "./markdown.server";

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

describe("what no writing needs (a probe, 26 November)", () => {
  it("leaves ordinary writing exactly as it is", () => {
    const text =
      "# A title\n\nSome *emphasis*, __strong__ and `code_with_underscores`.\n\n> A quote\n> > within\n\n- a\n  - b\n    1. c\n";
    expect(tameMarkdown(text)).toBe(text);
  });

  it("renders 2,000 quote marks on one line as quotes 16 deep, the rest as text, instead of a 500", () => {
    const html = renderMarkdown(`${">".repeat(2000)} deep`);
    expect(html.match(/<blockquote>/g)).toHaveLength(16);
    expect(html).toContain("&gt;&gt;&gt;");
    expect(renderMarkdown(`${"- ".repeat(30_000)}x`).match(/<ul>/g)).toHaveLength(16);
  });

  it("leaves long lists, code, rules and CRLF text as they are: only a paragraph's own marks count", () => {
    // A CV of 200 lines of bold years and italic titles: 1,400 marks, but each item is its own text.
    const cv = Array.from({ length: 200 }, (_, i) => `* **${1826 + i}** *Title ${i}*, Gallery`).join("\n");
    expect(tameMarkdown(cv)).toBe(cv);
    expect(renderMarkdown(cv).match(/<li>/g)).toHaveLength(200);
    // Code keeps its underscores, whatever the paragraph around it holds.
    const code = `${"_a".repeat(1_000)} \`snake_case\`\n\n\`\`\`\n${"self.__var\n".repeat(600)}\`\`\``;
    expect(tameMarkdown(code)).toContain("`snake_case`");
    expect(tameMarkdown(code)).toContain("self.__var\nself.__var");
    // A spaced rule of many marks is a rule, not lists.
    expect(renderMarkdown("text\n\n" + "- ".repeat(20).trim())).toContain("<hr");
    // Text with Windows line ends is split into the same paragraphs.
    expect(renderMarkdown(`${"*a* ".repeat(300)}\r\n\r\n${"*b* ".repeat(300)}`)).toContain("<em>b</em>");
  });

  it("shows thousands of emphasis marks in one paragraph as typed, at once", () => {
    expect(markdownToText("_a".repeat(40_000))).toBe("_a".repeat(40_000));
    expect(markdownToText(`${"*".repeat(50_000)}a${"*".repeat(50_000)}`)).toHaveLength(100_001);
    // Another paragraph keeps its emphasis.
    expect(renderMarkdown(`${"_a".repeat(2_000)}\n\n*kept*`)).toContain("<em>kept</em>");
  });
});
