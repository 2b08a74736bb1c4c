// React Router's server render builds a route object for every route of the app (86) on every request, to
// render the handful that match (`ServerRouter`: createServerRoutes, then createStaticRouter converting them
// all), and its partial manifest matches each parent path of the URL against all of the app's ranked branches.
// Handed a manifest of only the routes the page's HTML can name, and the branches within them (in the same
// order, so the same best match), it does that work for those alone (docs/benchmarks.md, "Only the page's
// routes").
//
// What the HTML names: the matched routes (their modules are imported and preloaded, their loader data sent)
// and, for the client's partial manifest of lazy route discovery, the routes that match each parent path of
// the URL (`/artwork/x` → `/artwork` and `/`), which React Router adds itself from the same manifest.
import type { EntryContext } from "react-router";
import { routeChains, type RouteChain } from "~/lib/route-tree";

type Branches = EntryContext["branches"];

const chainsByManifest = new WeakMap<EntryContext["manifest"], RouteChain>();
/** Per set of rendered routes (a few dozen in a whole app), the app's branches that lie within it. */
const branchesByRoutes = new WeakMap<Branches, Map<string, Branches>>();

/** Every parent path of a pathname, as React Router's partial manifest walks them: `/a/b/c` → `/`, `/a`, `/a/b`. */
export function parentPaths(pathname: string): string[] {
  const segments = pathname.split("/").filter(Boolean);
  const paths = ["/"];
  for (let n = 1; n < segments.length; n++) paths.push(`/${segments.slice(0, n).join("/")}`);
  return paths;
}

/** The ids of the routes a page's HTML names: its matches, then those of its parent paths. */
function renderedRouteIds(context: EntryContext, chainOf: RouteChain): Set<string> {
  const { matches, location } = context.staticHandlerContext;
  const ids = new Set(matches.map((match) => match.route.id));
  for (const path of parentPaths(location.pathname)) for (const id of chainOf(path) ?? []) ids.add(id);
  return ids;
}

/**
 * The entry context with a manifest of the rendered routes only; the rest of it is the same objects. A page of
 * the catch-all (any URL no route has: a 404) is left as it is: its parent paths can be anything, each a new
 * one to match, and a stranger choosing them must not cost more than React Router's own matching.
 */
export function withRenderedRoutes(context: EntryContext): EntryContext {
  const { manifest, staticHandlerContext } = context;
  if (staticHandlerContext.matches.at(-1)?.route.path?.includes("*") ?? true) return context;
  let chainOf = chainsByManifest.get(manifest);
  if (!chainOf) {
    chainOf = routeChains(manifest.routes);
    chainsByManifest.set(manifest, chainOf);
  }
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const id of renderedRouteIds(context, chainOf)) {
    const route = manifest.routes[id];
    if (route) routes[id] = route;
  }
  return { ...context, manifest: { ...manifest, routes }, branches: branchesWithin(context.branches, routes) };
}

/** The branches all of whose routes are in `routes`, in their ranked order. */
function branchesWithin(branches: Branches, routes: Record<string, unknown>): Branches {
  let known = branchesByRoutes.get(branches);
  if (!known) {
    known = new Map();
    branchesByRoutes.set(branches, known);
  }
  const key = Object.keys(routes).join(" ");
  let within = known.get(key);
  if (!within) {
    within = branches.filter((branch) => branch.routesMeta.every((meta) => meta.route.id in routes));
    if (known.size >= 1000) known.clear();
    known.set(key, within);
  }
  return within;
}
