import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/home";
import { HomeSections } from "~/components/site/home/home-sections";
import { notify } from "~/components/site/toast-host";
import { paths } from "~/lib/paths";
import { pageSeo, personJsonLd, siteFromMatches, websiteJsonLd } from "~/lib/seo";
import { loadHomepage } from "~/modules/content/homepage.server";
import type { loader as rootLoader } from "~/root";
import { deferHydrationHandle } from "~/lib/hydration-script";

/** Never throws: a failure to read the sections is logged and comes back as `sectionsFailed`. */
export async function loader() {
  return loadHomepage();
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

// Scripts after the first paint (decision 0014).
export const handle = deferHydrationHandle;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "home", paths.home(), { jsonLd: site ? [websiteJsonLd(site), personJsonLd(site)] : [] });
};

/** Spec §2 Home: the stored sections in their order; only published, active ones reach this far. */
export default function Home({ loaderData }: Route.ComponentProps) {
  const { sections, featuredArtworks, sectionsFailed } = loaderData;
  const siteTitle = useRouteLoaderData<typeof rootLoader>("root")?.site.siteTitle ?? "Atelier";

  useEffect(() => {
    // Spec §8; the id keeps it to one toast even if the effect runs twice.
    if (sectionsFailed)
      notify((t) => t.error("Error", { id: "homepage-load-error", description: "Failed to load homepage content" }));
  }, [sectionsFailed]);

  return <HomeSections sections={sections} featuredArtworks={featuredArtworks} siteTitle={siteTitle} />;
}
