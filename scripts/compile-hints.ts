// Vite plugin for the client build: marks the start-up chunks every public page runs at once (the client
// entry with React DOM, and the `shared` chunk with React Router) with V8's explicit compile hint
// `//# allFunctionsCalledOnLoad`. Chromium then compiles their functions eagerly on a background thread
// while the file streams in, instead of one by one on the main thread during hydration, which is where
// the long tasks of a page's start-up were (decision 0014). Other browsers read an ordinary comment.
import type { Plugin } from "vite";

const HINT = "//# allFunctionsCalledOnLoad\n";
const START_UP = new Set(["entry.client", "shared"]);

export function compileHints(): Plugin {
  return {
    name: "atelier-compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === "chunk" && START_UP.has(chunk.name) && !chunk.code.startsWith(HINT)) {
          chunk.code = HINT + chunk.code;
        }
      }
    },
  };
}
