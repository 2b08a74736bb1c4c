import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { paths } from "~/lib/paths";
import type { loader as rootLoader } from "~/root";

/** The sign-in page's frame: the site's title (going home) over one calm, centred card. */
export function AuthCard({ children }: { children: ReactNode }) {
  const site = useRouteLoaderData<typeof rootLoader>("root")?.site;
  return (
    <main className="bg-paper flex min-h-dvh flex-col items-center px-5 py-10 md:justify-center md:py-16">
      <Link to={paths.home()} className="font-serif text-2xl tracking-tight md:text-3xl">
        {site?.siteTitle ?? "Atelier"}
      </Link>
      <div className="border-line mt-8 w-full max-w-md rounded-2xl border bg-white p-6 shadow-[0_1px_2px_rgba(29,27,24,0.04)] md:p-9">
        {children}
      </div>
    </main>
  );
}
