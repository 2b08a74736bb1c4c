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

/** Containers (quotes, list items) opened on one line, past which their marks are read as text. */
const MAX_NESTING = 16;
/** Emphasis marks in one run of inline text (a paragraph, a list item, a heading) past which they are text. */
const MAX_EMPHASIS_MARKS = 1_000;
/** A quote or list mark at the start of what is left of a line. */
const CONTAINER_MARK = /^[ \t]{0,3}(?:>|[-*+](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
/** A line that always starts inline text of its own: a list item, a heading. */
const STARTS_RUN = /^[ \t]*(?:[-*+](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)|#{1,6}(?:[ \t]|$))/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** Code spans, whose marks are code, not emphasis. */
const CODE_SPAN = /(`+)[^`]*?\1/g;

/**
 * What the artist wrote, with what no writing needs defused: marked's parser recurses once per container a
 * line opens (2,000 `>` overflowed the stack: a 500) and pairs the emphasis marks of a paragraph in time that
 * grows with the square of their number (40,000 `_a` held the process 6 s). Found by a probe on 26 November.
 * Past the limits the marks are escaped, so they show as typed. Below them, and in code, nothing changes: a
 * long list counts item by item, a code block or a code span not at all.
 */
export function tameMarkdown(markdown: string): string {
  const out: string[] = [];
  let run: number[] = [];
  let fence: string | undefined;
  const flush = () => {
    let marks = 0;
    for (const i of run) marks += emphasisMarks(out[i]!);
    if (marks > MAX_EMPHASIS_MARKS) for (const i of run) out[i] = escapeEmphasis(out[i]!);
    run = [];
  };
  for (const line of markdown.replace(/\r\n?/g, "\n").split("\n")) {
    if (fence) {
      out.push(line);
      if (new RegExp(`^ {0,3}${fence[0] === "`" ? "`" : "~"}{${fence.length},}[ \\t]*$`).test(line)) fence = undefined;
      continue;
    }
    const opening = FENCE.exec(line);
    if (opening || line.trim() === "" || THEMATIC_BREAK.test(line)) {
      flush();
      fence = opening?.[1];
      out.push(line);
      continue;
    }
    if (STARTS_RUN.test(line)) flush();
    out.push(tameLine(line));
    run.push(out.length - 1);
  }
  flush();
  return out.join("\n");
}

/** A line's container marks, and the rest. */
function splitContainers(line: string): [marks: string, rest: string, depth: number] {
  let rest = line;
  let depth = 0;
  for (let mark = CONTAINER_MARK.exec(rest); mark; mark = CONTAINER_MARK.exec(rest)) {
    rest = rest.slice(mark[0].length);
    depth++;
  }
  return [line.slice(0, line.length - rest.length), rest, depth];
}

function tameLine(line: string): string {
  const [, , depth] = splitContainers(line);
  if (depth <= MAX_NESTING) return line;
  let kept = "";
  let rest = line;
  for (let i = 0; i < MAX_NESTING; i++) {
    const mark = CONTAINER_MARK.exec(rest)!;
    kept += mark[0];
    rest = rest.slice(mark[0].length);
  }
  return kept + rest.replace(/(?<!\\)[>*+\-.)]/g, "\\$&");
}

function emphasisMarks(line: string): number {
  const text = splitContainers(line)[1].replace(CODE_SPAN, "");
  let marks = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 || c === 95) marks++; // * and _
  }
  return marks;
}

/** The line with its emphasis marks escaped, but for its container marks and its code spans. */
function escapeEmphasis(line: string): string {
  const [marks, rest] = splitContainers(line);
  let escaped = "";
  let at = 0;
  for (const span of rest.matchAll(CODE_SPAN)) {
    escaped += rest.slice(at, span.index).replace(/(?<!\\)[*_]/g, "\\$&") + span[0];
    at = span.index + span[0].length;
  }
  return marks + escaped + rest.slice(at).replace(/(?<!\\)[*_]/g, "\\$&");
}

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
  return sanitizeHtml(parseOrEscape(marked, markdown), SANITIZE);
}

/** marked's HTML for the tamed text; should marked still fail on it, the text as escaped paragraphs. */
function parseOrEscape(marked: Marked, markdown: string): string {
  const text = tameMarkdown(markdown);
  try {
    return marked.parse(text, { async: false });
  } catch {
    return text
      .split(/\n[ \t]*\n/)
      .map((p) => `<p>${sanitizeHtml(p, { allowedTags: [], allowedAttributes: {} })}</p>`)
      .join("\n");
  }
}

/** Plain text from Markdown (for descriptions and feeds): the rendered text without any tags. */
export function markdownToText(markdown: string): string {
  const html = parseOrEscape(new Marked({ gfm: true }), markdown);
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: SANITIZE.nonTextTags })
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}
