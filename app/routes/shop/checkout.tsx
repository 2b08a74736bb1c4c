import type { Route } from "./+types/checkout";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Checkout", site?.siteTitle) }];
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Checkout"
      title="Checkout"
      lead="Review your order and enter delivery details."
    />
  );
}
