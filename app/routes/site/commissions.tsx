import type { Route } from "./+types/commissions";
import { PageIntro } from "~/components/site/page-intro";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageSeo(siteFromMatches(matches), "commissions", paths.commissions());

export default function Page() {
  return (
    <PageIntro
      eyebrow="Commissions"
      title="Commission a painting"
      lead="A small number of commissioned paintings are made each year, in close conversation with the collector."
    />
  );
}
