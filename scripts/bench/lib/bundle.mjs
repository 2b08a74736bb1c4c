// The client build's JavaScript as React Router's manifest describes it: which chunks each route needs, which
// of them only admin routes need, what an HTML page references, and their gzip sizes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { ROOT } from "./server.mjs";

const CLIENT = join(ROOT, "build", "client");

/** The manifest an HTML page names (its modulepreload of /assets/manifest-*.js), else the newest in build/. */
export function readManifest(html) {
  const named = html ? /\/assets\/manifest-[\w-]+\.js/.exec(html)?.[0] : undefined;
  const file = named ?? `/assets/${readdirSync(join(CLIENT, "assets")).find((f) => /^manifest-.*\.js$/.test(f))}`;
  const text = readFileSync(join(CLIENT, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const chunksOfRoute = (route) => [
  route.module,
  ...(route.imports ?? []),
  ...(route.clientActionModule ? [route.clientActionModule] : []),
  ...(route.clientLoaderModule ? [route.clientLoaderModule] : []),
  ...(route.hydrateFallbackModule ? [route.hydrateFallbackModule] : []),
];

/** Chunks that only admin routes (routes/admin/*) load: none of the public routes, the root or the entry. */
export function adminOnlyChunks(manifest) {
  const admin = new Set();
  const other = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const route of Object.values(manifest.routes))
    for (const chunk of chunksOfRoute(route)) (route.id.startsWith("routes/admin/") ? admin : other).add(chunk);
  return new Set([...admin].filter((c) => !other.has(c)));
}

/** Every /assets/*.js an HTML page loads at once: modulepreload links and the inline module's imports. */
export function scriptsOf(html) {
  const found = new Set();
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+rel="modulepreload"/g)) found.add(m[1]);
  for (const m of html.matchAll(/import\(?\s*"(\/assets\/[^"]+\.js)"/g)) found.add(m[1]);
  // A page with deferred hydration (decision 0014) lists its preloads in the deferred module script.
  for (const m of html.matchAll(/for\(const href of (\[[^\]]*\])\)/g))
    for (const href of JSON.parse(m[1])) found.add(href);
  return found;
}

/** Gzip size in bytes of a built asset (the precompressed .gz the server sends, when there is one). */
export function gzipBytes(asset) {
  const file = join(CLIENT, asset);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export const sumGzip = (assets) => [...assets].reduce((sum, a) => sum + gzipBytes(a), 0);
