// The admin layout (spec §2): every /admin page renders inside it. Its loader guards the role; each page's
// loader and action guard again (STYLE.md), since client navigations do not rerun this loader.
import { Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AdminLayoutError } from "~/components/admin/admin-error";
import { AdminLoading, AdminShell } from "~/components/admin/admin-shell";
import { ProgressBar } from "~/components/site/progress-bar";
import { ToastHost } from "~/components/site/toast-host";
import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import { readSidebarOpen } from "~/lib/sidebar-state";
import { displayName, requireAdmin, sessionKey } from "~/modules/auth/session.server";
import type { loader as rootLoader } from "~/root";
import fullStylesheet from "~/app.css?url";

// The admin area's utilities are not in the stylesheet public pages inline (site.css): the full one is linked.
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: fullStylesheet }];

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAdmin(request);
  return {
    user: {
      id: context.user.id,
      name: displayName(context),
      // Spec §2: the header shows the role, 'User' unless user_roles says admin. Only administrators get past
      // requireAdmin (anyone else is answered 403 before the shell renders), so the shell always says 'Admin'.
      role: context.role === "admin" ? "Admin" : "User",
      session: sessionKey(context),
    },
    sidebarOpen: readSidebarOpen(request.headers.get("cookie")),
  };
}

// A write kept in the offline queue has nothing to reload (and no connection to reload with).
export const shouldRevalidate = revalidateUnlessQueued;

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site;
  return (
    <>
      <ProgressBar />
      <AdminShell user={loaderData.user} siteTitle={site?.siteTitle ?? "Atelier"} defaultOpen={loaderData.sidebarOpen}>
        <Outlet />
      </AdminShell>
      <ToastHost />
    </>
  );
}

export function HydrateFallback() {
  return <AdminLoading />;
}

export const ErrorBoundary = AdminLayoutError;
