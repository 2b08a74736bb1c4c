import type { ReactNode } from "react";
import {
  isRouteErrorResponse,
  Outlet,
  useLoaderData,
  useRouteLoaderData,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import type { Route } from "./+types/layout";
import { CartProvider } from "~/components/site/cart-provider";
import { MobileTabBar } from "~/components/site/mobile-tab-bar";
import { NotFound } from "~/components/site/not-found";
import { ProgressBar } from "~/components/site/progress-bar";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { ToastHost } from "~/components/site/toast-host";
import { UnexpectedError } from "~/components/site/unexpected-error";
import { displayName, getAuthContext, sessionKey } from "~/modules/auth/session.server";
import type { loader as rootLoader } from "~/root";

/** Who is signed in, for the header's account corner (no cookie: no database work). */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await getAuthContext(request);
  return {
    account: context
      ? {
          id: context.user.id,
          name: displayName(context),
          isAdmin: context.role === "admin",
          session: sessionKey(context),
        }
      : null,
  };
}

/** Who is signed in changes only through a form (sign in, sign out, a new name), not by browsing. */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}

/** The public layout (spec §2 Navigation): header, mobile tab bar, footer, loading bar. */
export default function SiteLayout() {
  const { account } = useLoaderData<typeof loader>();
  return (
    <SiteChrome account={account}>
      <Outlet />
    </SiteChrome>
  );
}

/**
 * A page of the site that failed inside the layout (a work, a post or an exhibition that is not there, or an
 * error): the 404 page or the error, with the site's header and footer around it, so the visitor can go on.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/site/layout");
  return (
    <SiteChrome account={layout?.account ?? null}>
      {isRouteErrorResponse(error) && error.status === 404 ? <NotFound /> : <UnexpectedError error={error} />}
    </SiteChrome>
  );
}

function SiteChrome({
  account,
  children,
}: {
  account: Awaited<ReturnType<typeof loader>>["account"];
  children: ReactNode;
}) {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site;
  const siteTitle = site?.siteTitle ?? "Atelier";
  return (
    <CartProvider>
      <a
        href="#main"
        className="bg-ink text-paper sr-only z-[70] rounded px-4 py-2 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <ProgressBar />
      <SiteHeader siteTitle={siteTitle} tagline={site?.tagline ?? ""} account={account} />
      <main id="main" className="min-h-[60dvh]">
        {children}
      </main>
      <SiteFooter
        siteTitle={siteTitle}
        artistName={site?.artistName ?? siteTitle}
        contactEmail={site?.contactEmail ?? ""}
        locationLine={site?.locationLine ?? ""}
        socialLinks={site?.socialLinks ?? []}
      />
      <MobileTabBar />
      <ToastHost />
    </CartProvider>
  );
}
