import type { Route } from "./+types/shop";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Shop", site?.siteTitle) }];
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Shop"
      title="Original paintings"
      lead="Original works available to buy, each one of a kind and shipped from the studio."
    />
  );
}
