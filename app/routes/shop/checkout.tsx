import type { Route } from "./+types/checkout";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";
import { paths } from "~/lib/paths";
import { pageSeo, ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  // A private step of an order: reachable, never indexed.
  return pageSeo(site, "default", paths.checkout(), {
    title: pageTitle("Checkout", site?.siteTitle),
    robots: ROBOTS_NOINDEX,
  });
};

export default function Page() {
  return <PageIntro eyebrow="Checkout" title="Checkout" lead="Review your order and enter delivery details." />;
}
