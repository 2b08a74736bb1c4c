// The site's stylesheet inside the page's <head> instead of a render-blocking request: at about 8 KB
// compressed it costs less than the extra round trip before the first paint on a slow connection
// (decision 0008). The browser's JS never carries the CSS text: it reads back what the server wrote, so
// hydration sees the same element. Development links the file instead, which Vite updates in place.
//
// A page kept by the page cache inlines only the rules its own elements can use (server/page-cache/
// critical-css.ts); the head script links the whole public stylesheet (named in `data-full`) when the page
// starts its scripts, before anything can open a menu or navigate to a page with other classes
// (hydration-script.tsx). Linked by a script, it neither blocks the paint nor delays the load event.
import devCssUrl from "~/app.css?url";
import cssText from "~/site.css?inline";
import cssUrl from "~/site.css?url";

const ID = "site-css";

// `</style` cannot occur inside the element; `\/` is the same character to CSS.
const css = import.meta.env.SSR
  ? cssText.replace(/<\/style/gi, "<\\/style")
  : (document.getElementById(ID)?.textContent ?? "");

export function SiteStylesheet() {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={devCssUrl} />;
  return <style id={ID} data-full={cssUrl} dangerouslySetInnerHTML={{ __html: css }} />;
}
