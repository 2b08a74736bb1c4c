// The stylesheet a stored page inlines, cut down to the rules its first paint can use: a rule whose selector
// names a class that no element of the page carries cannot match before scripts run, so it is left to the
// late stylesheet, which the head script links once the page has hydrated (hydration-script.tsx).
// A plain scan, no CSS library: rules nest only inside at-rules (Tailwind writes no CSS nesting), and
// at-rules other than grouping ones (@font-face, @keyframes, @property) are kept whole.

/** The classes of every element in a page's HTML (attribute values as React escapes them). */
export function classesOf(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, value = ""] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of decodeEntities(value).split(/\s+/)) if (name) classes.add(name);
  return classes;
}

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (_, e: string) =>
    e === "amp" ? "&" : e === "lt" ? "<" : e === "gt" ? ">" : e === "quot" ? '"' : "'",
  );
}

const GROUPING = /^@(media|supports|layer|container|scope)\b/i;

/** The rules of `css` that may match a page whose elements carry `classes`. */
export function pruneCss(css: string, classes: ReadonlySet<string>): string {
  const { parts, rest } = topLevel(css);
  let out = "";
  for (const { prelude, block, whole } of parts) {
    // A statement at this level (`@layer a, b;`, `@import …;`): kept.
    if (block === undefined) out += whole;
    else if (!prelude.startsWith("@")) {
      if (mayMatch(prelude, classes)) out += `${prelude}{${block}}`;
    } else if (!GROUPING.test(prelude)) out += `${prelude}{${block}}`;
    else {
      const inner = pruneCss(block, classes);
      if (inner.trim()) out += `${prelude}{${inner}}`;
    }
  }
  return out + rest;
}

interface Part {
  /** The selector list or at-rule, without comments. */
  prelude: string;
  /** What stands between the braces; undefined for a statement (`prelude;`). */
  block?: string;
  /** The part as written, from the end of the one before. */
  whole: string;
}

/** The top-level statements and blocks of a stylesheet, and what follows the last of them. */
function topLevel(css: string): { parts: Part[]; rest: string } {
  const parts: Part[] = [];
  const preludeOf = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, "").trim();
  let start = 0;
  let i = 0;
  while (i < css.length) {
    const c = css[i]!;
    if (c === "\\") i += 2;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "/" && css[i + 1] === "*") {
      const end = css.indexOf("*/", i + 2);
      i = end < 0 ? css.length : end + 2;
    } else if (c === ";") {
      parts.push({ prelude: preludeOf(css.slice(start, i)), whole: css.slice(start, i + 1) });
      start = ++i;
    } else if (c === "{") {
      const close = matchingBrace(css, i);
      parts.push({
        prelude: preludeOf(css.slice(start, i)),
        block: css.slice(i + 1, close),
        whole: css.slice(start, close + 1),
      });
      start = i = close + 1;
    } else i++;
  }
  return { parts, rest: css.slice(start) };
}

function skipString(css: string, at: number): number {
  const quote = css[at];
  let i = at + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i + 1;
}

function matchingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i]!;
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(css, i) - 1;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return css.length;
}

/** Whether any selector of a list can match: every class it requires is on the page. */
function mayMatch(selectorList: string, classes: ReadonlySet<string>): boolean {
  return splitTopLevel(selectorList).some((selector) => requiredClasses(selector).every((c) => classes.has(c)));
}

/** Splits at commas outside parentheses and brackets. */
function splitTopLevel(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i]!;
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "," && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts;
}

/** The classes a selector needs on the page (a class only inside :not() is not needed). */
function requiredClasses(selector: string): string[] {
  const withoutNot = removeNot(selector);
  const found: string[] = [];
  // A class: a dot, then name characters or escapes (`.md\:col-span-5`, `.w-1\.5`, `.\[\&\>svg\]\:size-4`).
  for (const [, name = ""] of withoutNot.matchAll(/\.((?:\\[0-9a-fA-F]{1,6}\s?|\\.|[\w-]|[^\p{ASCII}])+)/gu))
    found.push(unescape(name));
  return found;
}

function removeNot(selector: string): string {
  let out = "";
  let i = 0;
  while (i < selector.length) {
    if (selector.startsWith(":not(", i) && selector[i - 1] !== "\\") {
      let depth = 0;
      let j = i + 4;
      for (; j < selector.length; j++) {
        if (selector[j] === "\\") j++;
        else if (selector[j] === "(") depth++;
        else if (selector[j] === ")" && --depth === 0) break;
      }
      i = j + 1;
      continue;
    }
    out += selector[i];
    i++;
  }
  return out;
}

function unescape(name: string): string {
  return name.replace(/\\([0-9a-fA-F]{1,6})\s?|\\(.)/g, (_, hex: string | undefined, char: string | undefined) =>
    hex ? String.fromCodePoint(parseInt(hex, 16)) : char!,
  );
}

const NO_CLASS: ReadonlySet<string> = new Set();
/** A set that holds every class: pruning with it keeps every rule. */
const EVERY_CLASS: ReadonlySet<string> = new (class extends Set<string> {
  override has() {
    return true;
  }
})();
const LATE_LAYERS = /^@layer\s+(components|utilities)$/i;

/**
 * The late stylesheet (decision 0016): what a hydrated page may need beyond its inline rules, which is every
 * rule that needs a class, in Tailwind's `components` and `utilities` layers, in their order; the layer
 * order statement first. Added after the page's own rules, it holds them again, later, so any element drawn
 * by scripts gets the cascade of the whole sheet; what it leaves out (theme, base, fonts, keyframes) needs no
 * class and is inline already. Its rules name classes, so adding it restyles only the elements that carry
 * them: about half the work of adding the whole sheet to a painted page (decision 0016).
 * Throws if a rule that needs a class stands anywhere else: the page would lose it after hydration.
 */
export function lateCss(css: string): string {
  let out = "";
  for (const { prelude, block, whole } of topLevel(css).parts) {
    if (block === undefined) {
      if (/^@layer\b/i.test(prelude)) out += whole;
    } else if (LATE_LAYERS.test(prelude)) {
      out += whole;
    } else if (pruneCss(whole, NO_CLASS) !== pruneCss(whole, EVERY_CLASS)) {
      throw new Error(`A rule that needs a class stands outside @layer components and utilities: ${prelude}`);
    }
  }
  return out;
}

const STYLE = /(<style id="site-css")([^>]*>)([\s\S]*?)(<\/style>)/;

/**
 * A page with its inline stylesheet pruned to the rules its elements can use, and marked `data-critical`
 * (unchanged without one).
 */
export function inlineCriticalCss(html: string): string {
  const match = STYLE.exec(html);
  if (!match) return html;
  const [whole, open, rest, text, close] = match as unknown as [string, string, string, string, string];
  const pruned = pruneCss(text.replace(/<\\\/style/gi, "</style"), classesOf(html)).replace(/<\/style/gi, "<\\/style");
  // Marked, so the head script knows to link the whole stylesheet when the scripts start.
  const marked = `${open} data-critical=""${rest}${pruned}${close}`;
  return html.slice(0, match.index) + marked + html.slice(match.index + whole.length);
}
