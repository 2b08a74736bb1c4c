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

const PRELOAD_BYTES = Buffer.from('<link rel="modulepreload"');
/** React Router's module script opens with `<script type="module" async="">`, a nonce before the type. */
const SCRIPT_START = Buffer.from("<script");
const MODULE_MARK = Buffer.from(' type="module" async="">');
const SCRIPT_OPEN_EXACT = /^<script(?: nonce="[^"]*")? type="module" async="">$/;
const SCRIPT_CLOSE = "</script>";
const LT = 0x3c;
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

/**
 * A stream transform that removes module preloads and defers React Router's module script. It works on the
 * bytes: the document passes through untouched and undecoded but for the few tags it rewrites (found with
 * Buffer.indexOf, which is native), so a page costs a scan, not a decode and a re-encode.
 */
export function deferHydrationTransform(): Transform {
  let pending: Buffer = Buffer.alloc(0);
  const preloads: string[] = [];

  /** Where the next tag to rewrite starts, and which one it is; undefined when the held bytes have none. */
  function nextTag(): { at: number; kind: "preload" | "script"; openEnd: number } | undefined {
    const preload = pending.indexOf(PRELOAD_BYTES);
    // A script before that preload ends before it (tags do not overlap): the search for one stops there, so a
    // document's dozen preloads cost one scan of it, not one each.
    const scope = preload >= 0 ? pending.subarray(0, preload) : pending;
    let script: { at: number; openEnd: number } | undefined;
    for (let from = 0; ;) {
      const mark = scope.indexOf(MODULE_MARK, from);
      if (mark < 0) break;
      const openEnd = mark + MODULE_MARK.length;
      const at = pending.lastIndexOf(SCRIPT_START, mark);
      if (at >= 0 && SCRIPT_OPEN_EXACT.test(pending.toString("latin1", at, openEnd))) {
        script = { at, openEnd };
        break;
      }
      from = openEnd;
    }
    if (preload >= 0 && (!script || preload < script.at)) return { at: preload, kind: "preload", openEnd: preload };
    return script && { at: script.at, kind: "script", openEnd: script.openEnd };
  }

  function drain(final: boolean): Buffer[] {
    const out: Buffer[] = [];
    for (;;) {
      const tag = nextTag();
      if (!tag) {
        // Keep a tail that could be the start of a pattern cut by the chunk boundary.
        const cut = final ? pending.length : cutPoint(pending);
        out.push(pending.subarray(0, cut));
        pending = pending.subarray(cut);
        return out;
      }
      out.push(pending.subarray(0, tag.at));
      pending = pending.subarray(tag.at);
      const openEnd = tag.openEnd - tag.at;
      if (tag.kind === "preload") {
        const end = pending.indexOf(">");
        if (end < 0) break;
        const href = /\shref="([^"]+)"/.exec(pending.toString("utf8", 0, end));
        if (href && href[1]!.startsWith("/")) preloads.push(href[1]!);
        pending = pending.subarray(end + 1);
      } else {
        const close = pending.indexOf(SCRIPT_CLOSE, openEnd);
        if (close < 0) break;
        const body = deferModuleScript(pending.toString("utf8", openEnd, close), preloads);
        out.push(pending.subarray(0, openEnd), Buffer.from(body + SCRIPT_CLOSE));
        pending = pending.subarray(close + SCRIPT_CLOSE.length);
      }
    }
    if (final) {
      out.push(pending);
      pending = Buffer.alloc(0);
    }
    return out;
  }

  const send = (stream: Transform, parts: Buffer[]) => {
    const bytes = parts.length === 1 ? parts[0]! : Buffer.concat(parts);
    if (bytes.length > 0) stream.push(bytes);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, callback) {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
      pending = pending.length === 0 ? bytes : Buffer.concat([pending, bytes]);
      send(this, drain(false));
      callback();
    },
    flush(callback) {
      send(this, drain(true));
      callback();
    },
  });
}

/** Where to cut held bytes with no complete pattern: before a `<` in the last ones, if any (never inside a character). */
function cutPoint(bytes: Buffer): number {
  const tail = bytes.lastIndexOf(LT, Math.max(0, bytes.length - 1));
  return tail >= 0 && tail >= bytes.length - HOLD_BACK ? tail : bytes.length;
}
