import type { Route } from "./+types/contact";
import { PageIntro } from "~/components/site/page-intro";
import { paths } from "~/lib/paths";
import { pageSeo, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => pageSeo(siteFromMatches(matches), "contact", paths.contact());

export default function Page() {
  return (
    <PageIntro
      eyebrow="Contact"
      title="Get in touch"
      lead="Questions about a painting, a commission or an exhibition are always welcome."
    />
  );
}
