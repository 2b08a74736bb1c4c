import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Rollup } from "vite";
import { precompress } from "./scripts/precompress";

/**
 * Client chunks: what two or more public pages (or lazy parts) load goes into one `shared` chunk instead of a
 * dozen small ones, so a page loads five scripts rather than fifteen (decision 0008). Code that one route or
 * one lazy part uses stays with it. The admin area does not count: what only its pages share stays out of
 * the public pages' download.
 */
const NOT_PUBLIC = /\/app\/(routes|components)\/admin\//;
/**
 * The pages of forms and orders (sign-in, account, checkout, confirmation, tracking, contact, commissions).
 * What only they share (form fields, order summaries) goes into a `forms` chunk of its own, so the pages a
 * visitor browses (home, gallery, artwork) do not download it.
 */
const FORM_PAGES = /\/app\/routes\/(shop|account|auth)\/|\/app\/routes\/site\/(contact|commissions)\.tsx/;

/** The root route: every page loads it, so what it imports goes into `shared` (one request fewer). */
const ROOT_ROUTE = /\/app\/root\.tsx/;

function sharedChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta): string | undefined {
  const roots = [...rootsOf(id, getModuleInfo, new Map())].filter((root) => !NOT_PUBLIC.test(root));
  if (roots.some((root) => ROOT_ROUTE.test(root)) && !ROOT_ROUTE.test(id)) return "shared";
  if (roots.length < 2) return undefined;
  // Parts loaded on demand (the lightbox, the cart drawer, the signed-in header) share their libraries in a
  // chunk loaded with the first of them, never with the page.
  const lazy = (root: string) => {
    const info = getModuleInfo(root);
    return Boolean(info && !info.isEntry && info.dynamicImporters.length > 0);
  };
  if (roots.every(lazy)) return "lazy-shared";
  return roots.every((root) => FORM_PAGES.test(root) || lazy(root)) ? "forms" : "shared";
}

/**
 * The entries (route modules, the client entry) and lazy imports from which a module is reached. A barrel
 * file (an index re-exporting a library's modules) makes every module behind it look reached from each of
 * its importers: import such libraries from one place (see app/components/site/icons.tsx).
 */
function rootsOf(id: string, info: Rollup.GetModuleInfo, memo: Map<string, Set<string>>): Set<string> {
  const known = memo.get(id);
  if (known) return known;
  const roots = new Set<string>();
  memo.set(id, roots);
  const module = info(id);
  if (!module) return roots;
  if (module.isEntry || module.dynamicImporters.length > 0) roots.add(id);
  for (const importer of module.importers) for (const root of rootsOf(importer, info, memo)) roots.add(root);
  return roots;
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  // The production server entry (server/main.ts) is bundled with the SSR build.
  build: isSsrBuild
    ? { rollupOptions: { input: "./server/main.ts" }, target: "node20" }
    : { target: "es2022", rollupOptions: { output: { manualChunks: sharedChunk } } },
  ssr: {
    external: ["sharp", "@electric-sql/pglite", "pg", "pino", "pino-pretty"],
    // Loaded from node_modules these two are evaluated whole at every start (every icon, every primitive:
    // about 1.1 s of CPU); bundled, the server keeps only what the app uses. docs/benchmarks.md, "Server start".
    noExternal: ["lucide-react", "radix-ui", /^@radix-ui\//],
  },
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [] : [precompress()])],
}));
