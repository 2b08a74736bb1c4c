import type { Route } from "./+types/contact";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("Contact", site?.siteTitle) }];
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="Contact"
      title="Get in touch"
      lead="Questions about a painting, a commission or an exhibition are always welcome."
    />
  );
}
