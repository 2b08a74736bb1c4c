import { describe, expect, it } from "vitest";
import { classesOf, inlineCriticalCss, lateCss, pruneCss } from "./critical-css";

describe("the critical stylesheet of a stored page", () => {
  const css = [
    "@layer theme{:root,:host{--color-ink:#1d1b18}}",
    "@layer base{*,:after{box-sizing:border-box}h1{font-weight:400}}",
    '@font-face{font-family:Fraunces;src:url(/assets/f.woff2)format("woff2")}',
    '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
    "@layer utilities{.flex{display:flex}.hidden{display:none}.md\\:col-span-5{grid-column:span 5/span 5}",
    ".w-1\\.5{width:.375rem}.\\[\\&\\>svg\\]\\:size-4>svg{width:1rem}",
    "@media (width>=48rem){.md\\:grid{display:grid}.md\\:block{display:block}}",
    "@media (hover:hover){.hover\\:underline:hover{text-decoration:underline}}",
    ":where(.space-y-4>:not(:last-child)){margin-block-end:1rem}",
    ".peer:checked~.peer-checked\\:block,.x-not-here{display:block}",
    '.content-\\[\\"\\{\\"\\]{content:"{"}}',
  ].join("");
  const html =
    '<html><body><div class="flex md:col-span-5 [&amp;&gt;svg]:size-4"><p class="w-1.5 md:grid">a</p>' +
    '<ul class="space-y-4 hover:underline"></ul></div></body></html>';

  it("reads the classes of the page, as React escapes them", () => {
    expect([...classesOf(html)].sort()).toEqual(
      ["[&>svg]:size-4", "flex", "hover:underline", "md:col-span-5", "md:grid", "space-y-4", "w-1.5"].sort(),
    );
  });

  it("keeps what the page's elements can use and every rule that needs no class, drops the rest", () => {
    const pruned = pruneCss(css, classesOf(html));
    for (const kept of [
      ":root,:host{--color-ink:#1d1b18}",
      "h1{font-weight:400}",
      "@font-face{",
      "@property --tw-shadow",
      ".flex{display:flex}",
      ".md\\:col-span-5{",
      ".w-1\\.5{",
      ".\\[\\&\\>svg\\]\\:size-4>svg{",
      "@media (width>=48rem){.md\\:grid{display:grid}}",
      "@media (hover:hover){.hover\\:underline:hover",
      ":where(.space-y-4>:not(:last-child))",
    ])
      expect(pruned).toContain(kept);
    for (const dropped of [".hidden", ".md\\:block", ".peer-checked", ".content-"])
      expect(pruned).not.toContain(dropped);
  });

  it("drops a grouping rule left empty, and rewrites only the page's own inline stylesheet", () => {
    expect(pruneCss("@media print{.hidden{display:none}}.flex{display:flex}", new Set(["flex"]))).toBe(
      ".flex{display:flex}",
    );
    const page = `<head><style id="site-css">${css}</style></head>${html.replace("<html>", "")}`;
    const out = inlineCriticalCss(page);
    expect(out.length).toBeLessThan(page.length);
    expect(out).toContain('<div class="flex md:col-span-5');
    expect(out).toContain('<style id="site-css" data-critical="">');
    expect(inlineCriticalCss("<p>no stylesheet</p>")).toBe("<p>no stylesheet</p>");
  });

  it("cuts the late stylesheet: the layer order, then the components and utilities layers whole, in order", () => {
    const sheet = [
      "@layer theme,base,components,utilities;",
      css.replace("@layer utilities{", "@layer components{.card{padding:1rem}}@layer utilities{"),
      "@media (prefers-reduced-motion:reduce){*,:before{animation-duration:.01ms}}",
    ].join("");
    const late = lateCss(sheet);
    expect(late.startsWith("@layer theme,base,components,utilities;@layer components{.card{padding:1rem}}")).toBe(true);
    const utilities = /@layer utilities\{.*\}$/.exec(sheet.split("@media (prefers-reduced")[0]!)?.[0];
    expect(late.endsWith(utilities!)).toBe(true);
    for (const left of ["--color-ink", "box-sizing", "@font-face", "@property", "prefers-reduced-motion"])
      expect(late).not.toContain(left);
  });

  it("refuses a stylesheet with a class rule outside those layers: a hydrated page would lose it", () => {
    expect(() => lateCss("@layer utilities{.flex{display:flex}}.badge{color:red}")).toThrow(/\.badge/);
    expect(() => lateCss("@media print{.hidden{display:none}}")).toThrow(/@media print/);
    expect(lateCss("@layer base{h1{margin:0}}@media print{body{color:#000}}")).toBe("");
  });
});
