import { renderToString } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  data,
  Outlet,
  StaticRouterProvider,
  useRouteError,
} from "react-router";
import { describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root";

type BoundaryProps = Parameters<typeof ErrorBoundary>[0];

function RootBoundary() {
  const error = useRouteError();
  return <ErrorBoundary {...({ error } as BoundaryProps)} />;
}

/** Server-renders a tiny route tree under the app's root error boundary, as the framework does. */
async function render(path: string, loader: () => unknown) {
  const routes = [
    {
      id: "root",
      path: "/",
      Component: Outlet,
      ErrorBoundary: RootBoundary,
      children: [{ id: "page", path: "page", loader, Component: () => <p>fine</p> }],
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return {
    status: context.statusCode,
    html: renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />),
  };
}

describe("the root error boundary", () => {
  it("shows 'Unexpected Application Error!' when a route throws", async () => {
    const { status, html } = await render("/page", () => {
      throw new Error("database exploded");
    });
    expect(status).toBe(500);
    expect(html).toContain("Unexpected Application Error!");
    expect(html).toContain("Something went wrong while showing this page.");
  });

  it("shows the 404 page for a thrown 404", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { status, html } = await render("/page", () => {
      throw data("Artwork not found", { status: 404 });
    });
    expect(status).toBe(404);
    expect(html).toContain("Page not found");
    expect(html).toContain("Return to Gallery");
  });
});
