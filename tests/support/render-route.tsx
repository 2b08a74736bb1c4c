// Server-renders one public route (its real loader and component) under a minimal root, as the framework
// does, waiting for deferred data: what a crawler receives.
import { PassThrough } from "node:stream";
import { text } from "node:stream/consumers";
import type { ComponentType } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, Outlet, StaticRouterProvider, useLoaderData } from "react-router";

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
