import type { Route } from "./+types/commissions";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Commissions", site?.siteTitle) }];
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Commissions"
      title="Commission a painting"
      lead="A small number of commissioned paintings are made each year, in close conversation with the collector."
    />
  );
}
