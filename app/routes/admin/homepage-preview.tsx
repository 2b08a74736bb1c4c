// /admin/homepage/preview: the real home page, rendered by the public components inside the public layout,
// with every active section and every saved draft, as it would be if all were published now. Admins only.
import { Eye } from "lucide-react";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/homepage-preview";
import { AdminPageError } from "~/components/admin/admin-error";
import { HomeSections } from "~/components/site/home/home-sections";
import { adminPaths } from "~/lib/admin-paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { loadHomepage } from "~/modules/content/homepage.server";
import type { loader as rootLoader } from "~/root";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadHomepage({ preview: true });
}

export const meta: Route.MetaFunction = () => [
  { title: "Preview of the home page · Admin" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function HomepagePreview({ loaderData }: Route.ComponentProps) {
  const siteTitle = useRouteLoaderData<typeof rootLoader>("root")?.site.siteTitle ?? "Atelier";
  return (
    <>
      <div role="note" className="bg-accent sticky top-0 z-[60] text-white">
        <div className="container-page flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <p className="flex items-center gap-2">
            <Eye aria-hidden className="size-4" />
            Preview: drafts and unpublished sections are shown. Visitors see only what is published.
          </p>
          <Link to={adminPaths.homepage()} className="underline underline-offset-4">
            Back to the Homepage Editor
          </Link>
        </div>
      </div>
      <HomeSections
        sections={loaderData.sections}
        featuredArtworks={loaderData.featuredArtworks}
        siteTitle={siteTitle}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
