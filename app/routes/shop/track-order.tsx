import type { Route } from "./+types/track-order";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Track your order", site?.siteTitle) }];
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
