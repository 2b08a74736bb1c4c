// The build's routes as a tree React Router's matchRoutes takes (ids, paths and nesting only), and which
// routes render a path, remembered for the last thousand paths. The page cache keys a page's data by them
// (server/page-cache/keys.ts); the server render hands React Router only the routes a page needs
// (rendered-routes.server.ts).
import { matchRoutes, type RouteObject } from "react-router";

/** What a route of the build or of its client manifest says of itself (both have these fields). */
export interface RouteEntry {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
}

/** The ids of the routes that render a path, outermost first; undefined when none does. */
export type RouteChain = (pathname: string) => readonly string[] | undefined;

const KEPT_PATHS = 1000;

/** matchRoutes over the routes' tree, remembered per path (cleared when a thousand are kept). */
export function routeChains(routes: Record<string, RouteEntry | undefined>): RouteChain {
  const nodes = new Map<string, RouteObject>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const { id, path, index, caseSensitive } = route;
    nodes.set(id, index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: [] });
  }
  const roots: RouteObject[] = [];
  for (const route of Object.values(routes)) {
    const node = route && nodes.get(route.id);
    if (!node) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent?.children) parent.children.push(node);
    else roots.push(node);
  }
  const known = new Map<string, readonly string[] | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const chain = matchRoutes(roots, pathname)?.map((match) => match.route.id ?? "");
    if (known.size >= KEPT_PATHS) known.clear();
    known.set(pathname, chain);
    return chain;
  };
}
