// The site's stylesheet inside the page's <head> instead of a render-blocking request: at about 8 KB
// compressed it costs less than the extra round trip before the first paint on a slow connection
// (decision 0008). The browser's JS never carries the CSS text: it reads back what the server wrote, so
// hydration sees the same element. Development links the file instead, which Vite updates in place.
import cssText from "~/app.css?inline";
import cssUrl from "~/app.css?url";

const ID = "site-css";

// `</style` cannot occur inside the element; `\/` is the same character to CSS.
const css = import.meta.env.SSR
  ? cssText.replace(/<\/style/gi, "<\\/style")
  : (document.getElementById(ID)?.textContent ?? "");

export function SiteStylesheet() {
  if (import.meta.env.DEV) return <link rel="stylesheet" href={cssUrl} />;
  return <style id={ID} dangerouslySetInnerHTML={{ __html: css }} />;
}
