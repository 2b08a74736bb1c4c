import type { Route } from "./+types/track-order";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";
import { paths } from "~/lib/paths";
import { pageSeo, ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  // A private step of an order: reachable, never indexed.
  return pageSeo(site, "default", paths.trackOrder(), {
    title: pageTitle("Track your order", site?.siteTitle),
    robots: ROBOTS_NOINDEX,
  });
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Orders"
      title="Track your order"
      lead="Enter your order number and e-mail address to see where your painting is."
    />
  );
}
