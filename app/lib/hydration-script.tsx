// The small classic script at the top of every page (decision 0014). It
// - links the late stylesheet once React has hydrated (a cached page inlines only what its first paint uses);
// - starts the deferred scripts (deferred-hydration.server.ts) once the page has loaded and its first paint is
//   on screen (a frame after the load event and the first-contentful-paint entry: the frame alone came before
//   the paint's presentation, so the scripts' requests counted against the largest paint), at most 3 s after
//   the load event (a tab in the background paints nothing), or at the visitor's first pointer, touch or key
//   press, whichever comes first;
// - keeps what a visitor does before React takes over the page's events (entry.client.tsx calls
//   __atelierHydrating just before hydrateRoot): a press on a button that needs JavaScript (or an element
//   marked data-hydrate-click) and a choice in a select are replayed once React has hydrated, instead of
//   being lost. From hydrateRoot on, React handles presses itself (held as well, a toggle acted twice); a
//   choice in a select made while React is still hydrating reaches no handler (hydration.spec), so it stays
//   held until the page is interactive (applied twice, a choice is the same choice). Links and submit buttons
//   of forms work without JavaScript: untouched;
// - keeps what was typed into a textarea before then: hydrating a textarea, React sets its value back to the
//   server's text (React 19.3, initTextarea; an input keeps what was typed), so once the page is interactive
//   the typed text is put back through the prototype's setter (React's own value tracker still holds the
//   server's text) and announced with an input event, which reaches the field's onChange.
import { useEffect } from "react";
import { useNonce } from "~/lib/nonce";

declare global {
  interface Window {
    /** Runs the page's deferred module script now or when it is time (set by the head script). */
    __atelierHydrate?: (run: () => void) => void;
    /** Called just before React starts hydrating: from then on React handles presses itself. */
    __atelierHydrating?: () => void;
    /** Called once React has hydrated: replays what was held back. */
    __atelierInteractive?: () => void;
    /** True once the page is interactive. */
    __atelierHydrated?: boolean;
  }
}

// Plain ES2017 in a string: it runs before any bundle, so it cannot import anything.
const HYDRATION_SCRIPT = `(function(){
var w=window,d=document,started=false,run=null,held=[],owned=false;
function start(){if(started)return;started=true;if(run)run();}
w.__atelierHydrate=function(f){run=f;if(started)f();};
function painted(){var framed=false,shown=false,po;function go(){if(framed&&shown){if(po)po.disconnect();setTimeout(start,0);}}
requestAnimationFrame(function(){framed=true;go();});
try{po=new PerformanceObserver(function(l){if(l.getEntriesByName("first-contentful-paint").length){shown=true;go();}});po.observe({type:"paint",buffered:true});}catch(e){shown=true;}
setTimeout(function(){framed=shown=true;go();},3000);}
if(d.readyState==="complete")painted();else w.addEventListener("load",painted,{once:true});
["pointerdown","touchstart","keydown"].forEach(function(t){w.addEventListener(t,start,{once:true,passive:true,capture:true});});
w.__atelierHydrating=function(){owned=true;};
function hold(e){
var click=e.type==="click";
if((owned&&click)||!(e.target instanceof Element))return;
var el=e.target.closest(click?"button,[data-hydrate-click]":"select");
if(!el||(click&&el.tagName==="BUTTON"&&el.type!=="button"&&el.form))return;
if(click)e.preventDefault();
held.push([click,el]);start();
}
d.addEventListener("click",hold,true);d.addEventListener("change",hold,true);
var typed=new Map();function type(e){if(e.target instanceof HTMLTextAreaElement)typed.set(e.target,e.target.value);}
d.addEventListener("input",type,true);
w.__atelierInteractive=function(){
if(w.__atelierHydrated)return;w.__atelierHydrated=true;d.removeEventListener("input",type,true);
var set=Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype,"value").set;
typed.forEach(function(v,t){if(t.isConnected&&t.value!==v){set.call(t,v);t.dispatchEvent(new Event("input",{bubbles:true}));}});var css=d.getElementById("site-css"),late=css&&css.hasAttribute("data-critical")&&css.getAttribute("data-late");if(late){var l=d.createElement("link");l.rel="stylesheet";l.href=late;d.head.append(l);}
d.removeEventListener("click",hold,true);d.removeEventListener("change",hold,true);
held.splice(0).forEach(function(h){if(!h[1].isConnected)return;if(h[0])h[1].click();else h[1].dispatchEvent(new Event("change",{bubbles:true}));});
};
})();`;

/**
 * The head script; rendered first in <head> so it listens before anything can be pressed. Only the server
 * writes its text: in the browser it has run before React starts, hydration leaves an element's inner HTML
 * as it is, and the bundle is 2 KB lighter without the string (the public pages' scripts are on a budget).
 */
export function HydrationScript() {
  const nonce = useNonce();
  const html = import.meta.env.SSR ? HYDRATION_SCRIPT : "";
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html }} />;
}

/** In the root component: tells the head script that React has hydrated the page (after every child's effects). */
export function useMarkInteractive() {
  useEffect(() => {
    window.__atelierInteractive?.();
  }, []);
}

/** A route's `handle` for pages whose scripts wait for the first paint (image-first pages without forms). */
export const deferHydrationHandle = { deferHydration: true } as const;
