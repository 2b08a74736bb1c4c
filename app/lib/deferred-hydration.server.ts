// Deferred hydration (decision 0014): on the image-first pages the framework's scripts are fetched after the
// page has painted (the window's load event) or at the visitor's first touch, whichever comes first, instead
// of competing with the HTML, the stylesheet's fonts and the largest image on a slow connection.
//
// React Router writes two things this rewrites in the HTML stream:
// - `<link rel="modulepreload" href=…/>` for every script of the page: dropped, so nothing is fetched early;
// - the inline module script that statically imports the route modules and then the client entry: its
//   static imports become dynamic ones inside a function handed to `window.__atelierHydrate`, which the
//   head script (hydration-script.ts) calls when it is time.
// Everything else passes through byte for byte; a pattern split across two chunks is held back until the
// next chunk completes it.
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD_START = '<link rel="modulepreload"';
const SCRIPT_OPEN = /<script(?: nonce="[^"]*")? type="module" async="">/;
const SCRIPT_CLOSE = "</script>";
/** Enough characters to hold the start of either pattern when a chunk ends inside it. */
const HOLD_BACK = 80;

const STATIC_IMPORT = /^\s*import \* as ([A-Za-z_$][\w$]*) from ("[^"\n]+");\s*$/;
const BARE_IMPORT = /^\s*import ("[^"\n]+");\s*$/;

/**
 * The body of React Router's module script with its static imports made dynamic and the whole run by
 * `window.__atelierHydrate`. Returns the body unchanged if it holds something this does not recognise (a
 * future React Router), so the page still hydrates, only not deferred.
 */
export function deferModuleScript(body: string, preloads: readonly string[] = []): string {
  const names: string[] = [];
  const specifiers: string[] = [];
  const rest: string[] = [];
  for (const line of body.split("\n")) {
    const named = STATIC_IMPORT.exec(line);
    const bare = named ? null : BARE_IMPORT.exec(line);
    if (named) {
      names.push(named[1]!);
      specifiers.push(named[2]!);
    } else if (bare) {
      names.push(`_${names.length}`);
      specifiers.push(bare[1]!);
    } else {
      rest.push(line);
    }
  }
  const code = rest.join("\n");
  if (/\bimport\s*[*{"']/.test(code.replace(/\bimport\(/g, ""))) return body;
  const loads = specifiers.map((s) => `import(${s})`).join(",");
  // The dropped preloads come back as the scripts start, so the entry and the shared chunks are fetched in
  // parallel with the route modules rather than after them.
  const warm = preloads.length
    ? `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l);}\n`
    : "";
  return `window.__atelierHydrate(async()=>{${warm}const [${names.join(",")}]=await Promise.all([${loads}]);\n${code}\n});`;
}

/** A stream transform that removes module preloads and defers React Router's module script. */
export function deferHydrationTransform(): Transform {
  let pending = "";
  const preloads: string[] = [];
  // A multi-byte character may be cut between two chunks.
  const decoder = new StringDecoder("utf8");

  function drain(final: boolean): string {
    let out = "";
    for (;;) {
      const preload = pending.indexOf(PRELOAD_START);
      const script = SCRIPT_OPEN.exec(pending);
      const scriptAt = script ? script.index : -1;
      const next = [preload, scriptAt].filter((i) => i >= 0).sort((a, b) => a - b)[0];
      if (next === undefined) {
        // Keep a tail that could be the start of a pattern cut by the chunk boundary.
        const cut = final ? pending.length : Math.max(0, cutPoint(pending));
        out += pending.slice(0, cut);
        pending = pending.slice(cut);
        return out;
      }
      out += pending.slice(0, next);
      pending = pending.slice(next);
      if (next === preload) {
        const end = pending.indexOf(">");
        if (end < 0) break;
        const href = /\shref="([^"]+)"/.exec(pending.slice(0, end));
        if (href && href[1]!.startsWith("/")) preloads.push(href[1]!);
        pending = pending.slice(end + 1);
      } else {
        const open = script![0];
        const close = pending.indexOf(SCRIPT_CLOSE, open.length);
        if (close < 0) break;
        out += open + deferModuleScript(pending.slice(open.length, close), preloads) + SCRIPT_CLOSE;
        pending = pending.slice(close + SCRIPT_CLOSE.length);
      }
    }
    if (final) {
      out += pending;
      pending = "";
    }
    return out;
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      pending += typeof chunk === "string" ? chunk : decoder.write(chunk);
      callback(null, drain(false));
    },
    flush(callback) {
      pending += decoder.end();
      callback(null, drain(true));
    },
  });
}

/** Where to cut a buffer with no complete pattern: before a `<` in its last characters, if any. */
function cutPoint(text: string): number {
  const tail = text.lastIndexOf("<");
  return tail >= 0 && tail >= text.length - HOLD_BACK ? tail : text.length;
}
