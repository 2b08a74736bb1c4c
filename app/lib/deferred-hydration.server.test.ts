import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { deferHydrationTransform, deferModuleScript } from "./deferred-hydration.server";

// What React Router 7 writes for a page (abridged): preloads in the head, the module script in the body.
const MODULE_BODY = `;
import * as route0 from "/assets/root-A.js";
import * as route1 from "/assets/layout-B.js";
import * as route2 from "/assets/home-C.js";
  window.__reactRouterManifest = {
  "entry": { "module": "/assets/entry.client-D.js", "imports": ["/assets/shared-E.js"], "css": [] }
};
  window.__reactRouterRouteModules = {"root":route0,"routes/site/layout":route1,"routes/site/home":route2};

import("/assets/entry.client-D.js");`;

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Atelier — ünïcödé</title>',
  '<link rel="modulepreload" href="/assets/entry.client-D.js" nonce="abc"/>',
  '<link rel="modulepreload" href="/assets/shared-E.js" nonce="abc"/>',
  '<link rel="preload" as="image" href="/media/x/960.avif"/>',
  "</head><body><main><h1>Paintings</h1><p>a < b and c > d</p></main>",
  '<script nonce="abc">window.__reactRouterContext = {"ssr":true};</script>',
  `<script nonce="abc" type="module" async="">${MODULE_BODY}</script>`,
  '<script nonce="abc">window.__reactRouterContext.streamController.close();</script></body></html>',
].join("");

/** Runs the transform over the page cut into chunks of `size` bytes (UTF-8, so characters may be split). */
async function transform(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, "utf8");
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
  return text(Readable.from(chunks).pipe(deferHydrationTransform()));
}

describe("deferModuleScript", () => {
  it("turns the static imports into parallel dynamic ones run by window.__atelierHydrate", () => {
    const out = deferModuleScript(MODULE_BODY, ["/assets/entry.client-D.js"]);
    expect(out.startsWith("window.__atelierHydrate(async()=>{")).toBe(true);
    expect(out).toContain(
      'const [route0,route1,route2]=await Promise.all([import("/assets/root-A.js"),import("/assets/layout-B.js"),import("/assets/home-C.js")]);',
    );
    expect(out).not.toMatch(/^\s*import \* as/m);
    // The manifest, the route modules and the entry's import stay, in order, inside the function.
    expect(out.indexOf("__reactRouterManifest")).toBeLessThan(out.indexOf("__reactRouterRouteModules"));
    expect(out.indexOf("__reactRouterRouteModules")).toBeLessThan(out.indexOf('import("/assets/entry.client-D.js")'));
    // The dropped preloads are asked for as soon as the scripts start.
    expect(out).toContain('["/assets/entry.client-D.js"]');
    expect(out.trimEnd().endsWith("});")).toBe(true);
  });

  it("keeps a split route module's merged object", () => {
    const body = `;
import * as route0_clientLoader from "/assets/a-loader.js";
import * as route0_main from "/assets/a.js";
const route0 = {...route0_clientLoader,...route0_main};
  window.__reactRouterRouteModules = {"root":route0};

import("/assets/entry.js");`;
    const out = deferModuleScript(body);
    expect(out).toContain(
      'const [route0_clientLoader,route0_main]=await Promise.all([import("/assets/a-loader.js"),import("/assets/a.js")]);',
    );
    expect(out).toContain("const route0 = {...route0_clientLoader,...route0_main};");
  });

  it("leaves a script it does not recognise as it is, so the page still hydrates", () => {
    const body = 'import { x } from "/assets/x.js";\nx();';
    expect(deferModuleScript(body)).toBe(body);
  });

  it("runs: the function loads every module and then the entry", async () => {
    const out = deferModuleScript(MODULE_BODY, []);
    const loaded: string[] = [];
    const globals: Record<string, unknown> = {};
    let run: (() => Promise<void>) | undefined;
    const window = { __atelierHydrate: (f: () => Promise<void>) => (run = f) };
    // The script's own `import(...)` calls, given a stand-in; `window` is the page's global object.
    runInNewContext(out.replaceAll("import(", "load("), {
      window: new Proxy(window, { set: (_t, k, v) => ((globals[String(k)] = v), true) }),
      load: (s: string) => {
        loaded.push(s);
        return Promise.resolve({ name: s });
      },
    });
    expect(loaded).toEqual([]);
    await run!();
    expect(loaded).toEqual([
      "/assets/root-A.js",
      "/assets/layout-B.js",
      "/assets/home-C.js",
      "/assets/entry.client-D.js",
    ]);
    expect(globals.__reactRouterRouteModules).toEqual({
      root: { name: "/assets/root-A.js" },
      "routes/site/layout": { name: "/assets/layout-B.js" },
      "routes/site/home": { name: "/assets/home-C.js" },
    });
  });
});

describe("deferHydrationTransform", () => {
  it.each([1, 7, 64, 100_000])(
    "drops the module preloads and defers the module script, whatever the chunk size (%i bytes)",
    async (size) => {
      const out = await transform(PAGE, size);
      expect(out).not.toContain('<link rel="modulepreload"');
      expect(out).toContain('<script nonce="abc" type="module" async="">window.__atelierHydrate(async()=>{');
      expect(out).toContain('["/assets/entry.client-D.js","/assets/shared-E.js"]');
      // Everything else is passed through byte for byte.
      expect(out).toContain('<link rel="preload" as="image" href="/media/x/960.avif"/>');
      expect(out).toContain("<title>Atelier — ünïcödé</title>");
      expect(out).toContain("<p>a < b and c > d</p>");
      expect(out).toContain('<script nonce="abc">window.__reactRouterContext = {"ssr":true};</script>');
      expect(out.endsWith("close();</script></body></html>")).toBe(true);
      const expected = PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(
        MODULE_BODY,
        deferModuleScript(MODULE_BODY, ["/assets/entry.client-D.js", "/assets/shared-E.js"]),
      );
      expect(out).toBe(expected);
    },
  );

  it.each([1, 64, 100_000])(
    "takes the tags in the order they come: a preload after the module script goes too (%i-byte chunks)",
    async (size) => {
      const late = '<link rel="modulepreload" href="/assets/late-F.js" nonce="abc"/>';
      const page = PAGE.replace("</body>", `${late}</body>`);
      const out = await transform(page, size);
      expect(out).not.toContain('<link rel="modulepreload"');
      expect(out).toBe(
        PAGE.replace(/<link rel="modulepreload"[^>]*>/g, "").replace(
          MODULE_BODY,
          deferModuleScript(MODULE_BODY, ["/assets/entry.client-D.js", "/assets/shared-E.js"]),
        ),
      );
    },
  );

  it("passes a page without React Router's scripts through unchanged", async () => {
    const html = "<!DOCTYPE html><html><body><p>Not found</p><script>1 < 2</script></body></html>";
    expect(await transform(html, 5)).toBe(html);
  });
});
