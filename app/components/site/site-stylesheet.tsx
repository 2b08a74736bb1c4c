// The site's stylesheet: inside the page's <head>, or linked, depending on how the page is made.
//
// - A page the page cache keeps inlines only the rules its own elements can use (server/page-cache/
//   critical-css.ts): no request before the first paint, and the pruning is paid once per stored page. The
//   head script links the late stylesheet (the rules that need a class, named in `data-late`) when the page
//   has hydrated (hydration-script.tsx). Linked by a script, it neither blocks the paint nor delays the load.
// - An image-first page (a route with `handle.deferHydration`) rendered per request (a signed-in visitor, the
//   page cache off or passed by) links the hashed, immutable file instead of carrying ~63 KB of CSS that would
//   be compressed on every request (decision 0026). Such a visitor has nearly always loaded it already: every
//   cached page links the same file once it has hydrated.
// - Other pages rendered per request (forms: contact, checkout, sign-in) inline the whole of it, so a first visit
//   waits for no render-blocking request (decision 0008).
//
// The browser's JS never carries the CSS text: it renders what the server sent (read back from the document),
// so hydration sees the same element. Development links the file instead, which Vite updates in place.
import { createContext, useContext } from "react";
import devCssUrl from "~/app.css?url";
import cssText from "~/site.css?inline";
import cssUrl from "~/site.css?url";
import { lateStylesheetName } from "~/lib/late-stylesheet";

const ID = "site-css";

/** Whether this server render links the stylesheet instead of inlining it (set by entry.server.tsx). */
const LinkStylesheetContext = createContext(false);
export const LinkStylesheetProvider = LinkStylesheetContext.Provider;

// `</style` cannot occur inside the element; `\/` is the same character to CSS.
const css = import.meta.env.SSR
  ? cssText.replace(/<\/style/gi, "<\\/style")
  : (document.getElementById(ID)?.textContent ?? "");
/** In the browser: what the server sent stays what it sent, through every client-side navigation. */
const servedLinked = !import.meta.env.SSR && document.getElementById(ID)?.tagName === "LINK";

export function SiteStylesheet() {
  const linkOnServer = useContext(LinkStylesheetContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={devCssUrl} />;
  if (import.meta.env.SSR ? linkOnServer : servedLinked) return <link id={ID} rel="stylesheet" href={cssUrl} />;
  return <style id={ID} data-late={lateStylesheetName(cssUrl)} dangerouslySetInnerHTML={{ __html: css }} />;
}
