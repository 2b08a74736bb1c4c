// /privacy, /terms, /shipping: the artist's text from the admin (Policies), or the default written from the
// shop's settings, so it never contradicts checkout (app/modules/content/policies.server.ts).
import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/policy";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";
import { pageSeo, siteFromMatches } from "~/lib/seo";
import { isPolicyKey, loadPolicyPage } from "~/modules/content/policies.server";

export async function loader({ request }: Route.LoaderArgs) {
  // The route's id is policy-{key} (app/routes.ts); the path names the same policy.
  const key = new URL(request.url).pathname.slice(1);
  if (!isPolicyKey(key)) throw new Response("Not found", { status: 404 });
  return loadPolicyPage(key);
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const site = siteFromMatches(matches);
  return pageSeo(site, "default", location.pathname, {
    title: pageTitle(loaderData?.title, site?.siteTitle),
    description: loaderData?.description,
  });
};

export default function Policy({ loaderData }: Route.ComponentProps) {
  const { title, lead, html } = loaderData;
  return (
    <PageIntro eyebrow="Information" title={title} lead={lead}>
      <div
        className="prose-text text-ink-soft max-w-2xl"
        // Rendered from Markdown and sanitized on the server (renderMarkdown).
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </PageIntro>
  );
}
