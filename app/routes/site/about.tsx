import type { Route } from "./+types/about";
import { PageIntro } from "~/components/site/page-intro";
import { paths } from "~/lib/paths";
import { pageSeo, personJsonLd, siteFromMatches } from "~/lib/seo";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "about", paths.about(), { type: "profile", jsonLd: site ? [personJsonLd(site)] : [] });
};

export default function Page() {
  return (
    <PageIntro
      eyebrow="About"
      title="About the artist"
      lead="The artist, the studio and the work."
    />
  );
}
