// Markdown for what the artist writes (the biography, blog posts): rendered with marked, then sanitized with
// sanitize-html, always on the server, so no script, handler or foreign frame ever reaches a page.
import { Marked, type Tokens } from "marked";
import sanitizeHtml from "sanitize-html";

export interface MarkdownOptions {
  /** Demote headings by this many levels (a post's own title is the page's h1, so `#` becomes h2). */
  headingOffset?: number;
}

const ALLOWED_TAGS = [
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "blockquote",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "s",
  "del",
  "code",
  "pre",
  "a",
  "img",
  "figure",
  "figcaption",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "sup",
  "sub",
];

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
  },
  allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  // Script and style contents are dropped along with the tags (not left as text).
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object"],
  transformTags: {
    // Links to other sites open in a new tab without handing them this page.
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      if (/^https?:\/\//i.test(href))
        return { tagName, attribs: { ...attribs, rel: "noopener noreferrer nofollow", target: "_blank" } };
      const { target: _target, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/** Renders Markdown to HTML that is safe to put in a page as it is. */
export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  const offset = options.headingOffset ?? 1;
  const marked = new Marked({
    gfm: true,
    breaks: false,
    walkTokens(token) {
      if (token.type === "heading")
        (token as Tokens.Heading).depth = Math.min(6, (token as Tokens.Heading).depth + offset);
    },
  });
  const html = marked.parse(markdown, { async: false });
  return sanitizeHtml(html, SANITIZE);
}

/** Plain text from Markdown (for descriptions and feeds): the rendered text without any tags. */
export function markdownToText(markdown: string): string {
  const html = new Marked({ gfm: true }).parse(markdown, { async: false });
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
