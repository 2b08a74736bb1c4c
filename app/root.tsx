import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "~/components/site/not-found";
import { UnexpectedError } from "~/components/site/unexpected-error";
import { SiteStylesheet } from "~/components/site/site-stylesheet";
import { useNonce } from "~/lib/nonce";
import { useForgetClientDataOnWrite } from "~/lib/client-data";
import { HydrationScript, useMarkInteractive } from "~/lib/hydration-script";
import { ScrollRestoration } from "~/lib/scroll-restoration";
import { ROBOTS_NOINDEX, seoMeta } from "~/lib/seo";
import { getSettings, resolvePageMeta } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import frauncesLatin from "@fontsource-variable/fraunces/files/fraunces-latin-wght-normal.woff2?url";

// The display face (headings) every page uses: fetched with the HTML rather than after the CSS.
export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "preload", href: frauncesLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export async function loader() {
  const settings = await getSettings();
  return {
    site: {
      siteTitle: settings.siteTitle,
      artistName: settings.artistName,
      tagline: settings.tagline,
      contactEmail: settings.contactEmail,
      locationLine: settings.locationLine,
      socialLinks: settings.socialLinks,
      publicUrl: services().config.publicUrl,
      country: settings.country,
      pages: resolvePageMeta(settings),
    },
  };
}

/**
 * The site's identity changes only through a form (the admin's settings), not by browsing: without this, every
 * navigation (and every hover prefetch) would fetch it again.
 */
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // A write kept in the offline queue has nothing to reload (and no connection to reload with).
  return formMethod ? revalidateUnlessQueued({ actionResult, defaultShouldRevalidate }) : false;
}

/** The site's default metadata: what a page without its own shows, and noindex on an error page. */
export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  // The error boundary's page sets its own <title>.
  if (error) return [{ name: "robots", content: ROBOTS_NOINDEX }];
  // Typed as SeoSite here, so the loader's shape is checked against what the pages' meta reads.
  const site = loaderData?.site;
  return seoMeta({
    site,
    title: site?.pages.default.title ?? "Atelier",
    description: site?.pages.default.description ?? "",
  });
};

export type SiteInfo = Awaited<ReturnType<typeof loader>>["site"];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <HydrationScript />
        <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
        <meta name="theme-color" content="#faf8f4" />
        <Meta />
        {/* Before the route links: the admin layout links the full stylesheet, whose rules must come after these
            (the same utilities in Tailwind's order, print: variants included). */}
        <SiteStylesheet />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  useMarkInteractive();
  useForgetClientDataOnWrite();
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <main>
      <UnexpectedError error={error} />
    </main>
  );
}
