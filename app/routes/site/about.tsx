import type { Route } from "./+types/about";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = (matches[0]?.loaderData as { site?: { siteTitle: string } } | undefined)?.site;
  return [{ title: pageTitle("About", site?.siteTitle) }];
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
