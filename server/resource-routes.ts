// Resource routes (a route module with no page: a feed, a file, an API) answer every refusal in words. React
// Router answers a method a resource route has no handler for with 405 and the body
// `{"message":"Unexpected Server Error"}`, and no Allow (a POST to /robots.txt, found by an audit on 26
// November); a `data(…)` it throws goes out as JSON, a sentence included. Each resource route's loader and action
// are wrapped here once, so no route has to remember it (docs/development.md, "Resource routes"): the missing
// handler answers 405 naming the methods the route takes, and a thrown `data(…)` goes out as text when it is
// text, never stored by a cache.
import type { ServerBuild } from "react-router";

type Handler = (args: never) => unknown;

/** What `data(body, init)` makes (react-router exports its class as a type only). */
interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The Response a page's error boundary would have read from `data(body, init)`: text as text, else JSON. */
export function responseOf({ data, init }: DataWithInit): Response {
  const headers = new Headers(init?.headers);
  headers.set("cache-control", headers.get("cache-control") ?? "no-store");
  if (typeof data === "string") {
    if (!headers.has("content-type")) headers.set("content-type", "text/plain; charset=utf-8");
    return new Response(data, { ...init, headers });
  }
  return Response.json(data, { ...init, headers });
}

/** 405 naming what the address does take, in words and in `Allow`. */
export function methodNotAllowed(allow: readonly string[]): Response {
  const words = allow.length > 1 ? `${allow.slice(0, -1).join(", ")} and ${allow.at(-1)}` : allow[0];
  return new Response(`Method Not Allowed: this address answers ${words} only.\n`, {
    status: 405,
    headers: { allow: allow.join(", "), "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}

/** A thrown `data(…)` becomes the Response it describes; anything else goes on as thrown. */
function answering(handler: Handler): Handler {
  return async (args) => {
    try {
      return await handler(args);
    } catch (error) {
      throw isDataWithInit(error) ? responseOf(error) : error;
    }
  };
}

const refusing = (allow: readonly string[]) => () => {
  throw methodNotAllowed(allow);
};

/**
 * The build with every resource route's loader and action wrapped; other routes are left as they are. A
 * resource route is what React Router takes for one: a route no other route nests in, with neither a component
 * nor an error boundary, and a handler at least.
 */
export function withResourceRefusals(build: ServerBuild): ServerBuild {
  const parents = new Set(Object.values(build.routes).map((route) => route?.parentId));
  return withRouteModules(build, (id, module) => {
    const loader = module.loader as Handler | undefined;
    const action = module.action as Handler | undefined;
    if (parents.has(id) || module.default || module.ErrorBoundary || (!loader && !action)) return undefined;
    return {
      loader: loader ? answering(loader) : refusing(action ? ["POST"] : []),
      action: action ? answering(action) : refusing(loader ? ["GET", "HEAD"] : []),
    };
  });
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];

/** The build with each route's module changed as `change` says (its loader and action); undefined leaves it. */
export function withRouteModules(
  build: ServerBuild,
  change: (id: string, module: RouteModule) => Partial<Record<keyof RouteModule, unknown>> | undefined,
): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const changed = route?.module ? change(id, route.module) : undefined;
    routes[id] = route && changed ? { ...route, module: { ...route.module, ...changed } as RouteModule } : route;
  }
  return { ...build, routes };
}

/**
 * A build with its routes wrapped (`wrap`: withResourceRefusals, …), for a build loaded per request too
 * (development: Vite's SSR module), wrapped once per loaded build.
 */
export function wrappedBuild(
  build: ServerBuild | (() => Promise<ServerBuild>),
  wrap: (build: ServerBuild) => ServerBuild,
): ServerBuild | (() => Promise<ServerBuild>) {
  if (typeof build !== "function") return wrap(build);
  const made = new WeakMap<ServerBuild, ServerBuild>();
  return async () => {
    const loaded = await build();
    let wrapped = made.get(loaded);
    if (!wrapped) made.set(loaded, (wrapped = wrap(loaded)));
    return wrapped;
  };
}
