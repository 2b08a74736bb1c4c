// React Router's <ScrollRestoration>, with a cheaper inline script. Its own script reads sessionStorage on
// every page load, while the page is being parsed, looking for a position to restore; the first access to
// sessionStorage waits on the browser process (about 5 ms unthrottled in Chromium, up to 14, in the first task
// of the load: blocking time in Lighthouse's simulated phone). A history entry without a key is new: React
// Router's script gives it a random key, under which nothing can have been stored, and looks it up anyway.
// This one returns there; otherwise it is the same script (react-router 7.18). The hook saves the positions
// and restores them on client-side navigations, as before.
import { UNSAFE_useScrollRestoration as useScrollRestoration } from "react-router";
import { useNonce } from "~/lib/nonce";

/** React Router's sessionStorage key (SCROLL_RESTORATION_STORAGE_KEY), which its hook writes. */
const STORAGE_KEY = "react-router-scroll-positions";

const SCRIPT = `(function(k){var h=window.history;
if(!h.state||!h.state.key){h.replaceState({key:Math.random().toString(32).slice(2)},"");return;}
try{var y=JSON.parse(sessionStorage.getItem(k)||"{}")[h.state.key];if(typeof y==="number")window.scrollTo(0,y);}
catch(e){console.error(e);sessionStorage.removeItem(k);}})(${JSON.stringify(STORAGE_KEY)})`;

/**
 * At the end of <body>. Only the server writes the script's text (it has run long before React hydrates, and
 * hydration leaves an element's inner HTML as it is), as for the head script.
 */
export function ScrollRestoration() {
  useScrollRestoration();
  const nonce = useNonce();
  const html = import.meta.env.SSR ? SCRIPT : "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}
