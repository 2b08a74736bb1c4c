import type { Route } from "./+types/order-confirmation";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Order confirmation", site?.siteTitle) }];
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Thank you"
      title="Order confirmation"
      lead="Your order details appear here after checkout."
    />
  );
}
