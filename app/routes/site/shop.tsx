import type { Route } from "./+types/shop";
import { PageIntro } from "~/components/site/page-intro";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(siteFromMatches(matches), "shop", paths.shop());

export default function Page() {
  return (
    <PageIntro
      eyebrow="Shop"
      title="Original paintings"
      lead="Original works available to buy, each one of a kind and shipped from the studio."
    />
  );
}
