import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ServerRouter,
  type EntryContext,
  type RouteObject,
} from "react-router";
import { describe, expect, it } from "vitest";
import { parentPaths, withRenderedRoutes } from "./rendered-routes.server";

// The app's shape in small: a root, a pathless site layout with an index page, a page with a parameter and a
// catch-all, and an admin area whose routes no public page renders.
interface Spec {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
}
const SPECS: Spec[] = [
  { id: "root", path: "" },
  { id: "site", parentId: "root" },
  { id: "home", parentId: "site", index: true },
  { id: "gallery", parentId: "site", path: "gallery" },
  { id: "artwork", parentId: "site", path: "artwork/:id" },
  { id: "not-found", parentId: "site", path: "*" },
  { id: "admin", parentId: "root", path: "admin" },
  { id: "admin-home", parentId: "admin", index: true },
  { id: "admin-artworks", parentId: "admin", path: "artworks" },
  { id: "admin-artwork", parentId: "admin", path: "artworks/:id" },
];

function Root() {
  return (
    <html lang="en">
      <head>
        <Meta />
        <Links />
      </head>
      <body>
        <Link to="/gallery">Gallery</Link>
        <Link to="../about" relative="path">
          About
        </Link>
        <Outlet />
        <Scripts />
      </body>
    </html>
  );
}

const componentOf = (id: string) => (id === "root" ? Root : () => <p>{id}</p>);

/** Route objects for the static handler, nested as the specs say. */
function handlerRoutes(parentId?: string): RouteObject[] {
  return SPECS.filter((s) => s.parentId === parentId).map(({ id, path, index }) =>
    index ? { id, path, index: true, loader: () => id } : { id, path, loader: () => id, children: handlerRoutes(id) },
  );
}

const handler = createStaticHandler(handlerRoutes(undefined));

/** What React Router's server runtime hands the app's render for a URL, as `handleDocumentRequest` builds it. */
async function entryContextFor(url: string): Promise<EntryContext> {
  const context = await handler.query(new Request(`https://shop.example${url}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const { id, parentId, path, index } of SPECS) {
    routes[id] = {
      id,
      parentId,
      path,
      index,
      module: `/assets/${id}.js`,
      imports: [`/assets/${id}-shared.js`],
      hasAction: false,
      hasLoader: true,
      hasClientAction: false,
      hasClientLoader: false,
      hasClientMiddleware: false,
      hasErrorBoundary: false,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  }
  return {
    manifest: { entry: { imports: [], module: "/assets/entry.js" }, routes, url: "/assets/manifest.js", version: "1" },
    branches: handler._internalRouteBranches,
    routeModules: Object.fromEntries(SPECS.map(({ id }) => [id, { default: componentOf(id) }])),
    staticHandlerContext: context,
    serverHandoffString: "{}",
    future: { v8_middleware: false, v8_passThroughRequests: false, v8_trailingSlashAwareDataRequests: false },
    ssr: true,
    isSpaMode: false,
    routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
    renderMeta: {},
  };
}

const render = (context: EntryContext, url: string) =>
  renderToString(<ServerRouter context={context} url={`https://shop.example${url}`} />);

/** The route ids of the partial manifest the page hands the browser (lazy route discovery). */
const manifestIds = (html: string) =>
  Object.keys(
    (JSON.parse(/window\.__reactRouterManifest = (\{[\s\S]*?\});\n/.exec(html)?.[1] ?? "{}") as { routes?: object })
      .routes ?? {},
  ).sort();

describe("parentPaths", () => {
  it("walks the URL's parent paths as React Router's partial manifest does", () => {
    expect(parentPaths("/")).toEqual(["/"]);
    expect(parentPaths("/gallery")).toEqual(["/"]);
    expect(parentPaths("/admin/artworks/7")).toEqual(["/", "/admin", "/admin/artworks"]);
  });
});

describe("withRenderedRoutes", () => {
  const URLS = ["/", "/gallery", "/artwork/a1", "/artwork/a1/extra", "/nowhere/at/all", "/admin/artworks/7"];

  it.each(URLS)("renders %s to the same HTML as with every route", async (url) => {
    const full = render(await entryContextFor(url), url);
    const rendered = render(withRenderedRoutes(await entryContextFor(url)), url);
    expect(rendered).toBe(full);
  });

  it("hands the render only the page's routes and those of its parent paths", async () => {
    const artwork = withRenderedRoutes(await entryContextFor("/artwork/a1"));
    // `/artwork` itself is matched by the catch-all, `/` by the home page.
    expect(Object.keys(artwork.manifest.routes).sort()).toEqual(["artwork", "home", "not-found", "root", "site"]);
    expect(manifestIds(render(artwork, "/artwork/a1"))).toEqual(["artwork", "home", "not-found", "root", "site"]);
    const admin = withRenderedRoutes(await entryContextFor("/admin/artworks/7"));
    expect(Object.keys(admin.manifest.routes).sort()).toEqual([
      "admin",
      "admin-artwork",
      "admin-artworks",
      "admin-home",
      "home",
      "root",
      "site",
    ]);
  });

  it("leaves a page of the catch-all (a 404, parent paths of a stranger's choosing) to React Router as it is", async () => {
    for (const url of ["/nowhere/at/all", "/artwork/a1/extra", `/${"x/".repeat(30)}x`]) {
      const context = await entryContextFor(url);
      expect(withRenderedRoutes(context)).toBe(context);
    }
  });

  it("keeps the app's ranked branches that lie within those routes, in their order, and nothing else", async () => {
    const context = await entryContextFor("/artwork/a1");
    const { branches } = withRenderedRoutes(context);
    const ids = (b: EntryContext["branches"][number]) => b.routesMeta.map((m) => m.route.id).join(">");
    expect(branches.map(ids)).toEqual(
      context.branches
        .map(ids)
        .filter((chain) => chain.split(">").every((id) => id !== "gallery" && !/admin/.test(id))),
    );
    // The same page asked again gets the same list (kept per set of routes).
    expect(withRenderedRoutes(await entryContextFor("/artwork/b2")).branches).toBe(branches);
  });
});
