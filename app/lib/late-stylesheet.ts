// The public stylesheet's late part (decision 0016): what a page the cache stores needs once scripts draw on it,
// beyond the rules it inlines. The build writes it beside the stylesheet (scripts/precompress.ts); the head
// script links it when the page has hydrated (hydration-script.tsx). Imports nothing: the build reads it too.

/** `…/site-HASH.css` → `…/site-HASH.late.css`: named after the file it is cut from, so as immutable. */
export const lateStylesheetName = (name: string) => name.replace(/\.css$/, ".late.css");
