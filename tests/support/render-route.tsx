// Server-renders one public route (its real loader and component) under a minimal root, as the framework
// does, waiting for deferred data: what a crawler receives.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useRouteError,
} from "react-router";

interface RouteModule {
  loader: () => Promise<unknown>;
  // The framework passes more props; these pages read only loaderData.
  default: ComponentType<never>;
}

export async function renderRoute(module: RouteModule, path = "/"): Promise<string> {
  const Page = module.default as ComponentType<{ loaderData: unknown }>;
  function Route() {
    return <Page loaderData={useLoaderData()} />;
  }
  const routes = [
    {
      id: "root",
      path: "/",
      loader: () => ({ site: { siteTitle: "Test Studio", artistName: "Test Artist" } }),
      Component: Outlet,
      children: [
        path === "/"
          ? { id: "page", index: true, loader: module.loader, Component: Route }
          : { id: "page", path: path.slice(1), loader: module.loader, Component: Route },
      ],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  if (context.errors) throw new Error(`route error: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
  );
  const out = new PassThrough();
  prelude.pipe(out);
  return text(out);
}

/**
 * Server-renders `/page`, whose loader is `loader`, under a parent route whose error boundary is `Boundary` (given
 * the route's error as its `error` prop, as the framework does): what a visitor sees when the loader throws.
 */
export async function renderBoundary(
  Boundary: ComponentType<{ error: unknown }>,
  loader: () => unknown,
): Promise<{ status: number; html: string }> {
  function RouteBoundary() {
    return <Boundary error={useRouteError()} />;
  }
  const routes = [
    {
      id: "root",
      path: "/",
      Component: Outlet,
      ErrorBoundary: RouteBoundary,
      children: [{ id: "page", path: "page", loader, Component: () => <p>fine</p> }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/page"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />),
  };
}
