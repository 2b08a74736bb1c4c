import { cachedLoad } from "~/lib/client-data";
import type { Route } from "./+types/policy";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";
import { pageSeo, siteFromMatches, summarize } from "~/lib/seo";

const POLICIES = {
  "policy-privacy": {
    title: "Privacy Policy",
    lead: "What this site keeps about you, and why.",
    body: [
      "When you buy a painting, send a message or subscribe to the newsletter, the details you enter (your name, e-mail address, and for orders your delivery address and phone number) are kept so the studio can answer you and deliver your order.",
      "Card payments are handled by the payment provider; card numbers never reach this site. Nothing is sold or shared with advertisers, and the site sets no tracking cookies.",
      "You can ask for a copy of what is kept about you, or for it to be deleted, by writing to the studio's e-mail address below.",
    ],
  },
  "policy-terms": {
    title: "Terms of Service",
    lead: "The terms under which works are offered and sold here.",
    body: [
      "Every painting is an original, signed by the artist. Colours on screen vary; if you would like more photographs or a video before buying, ask and the studio will send them.",
      "Copyright in every work stays with the artist. Buying a painting gives you the painting, not the right to reproduce it.",
      "An order is confirmed once payment is received. If a work turns out to be unavailable, you are refunded in full.",
    ],
  },
  "policy-shipping": {
    title: "Shipping Info",
    lead: "How paintings travel from the studio to your wall.",
    body: [
      "Paintings are wrapped in acid-free paper, corner-protected and crated or boxed by size, then shipped fully insured with a tracking number.",
      "Orders ship within five working days of payment. You receive an e-mail with the carrier and tracking link when your painting leaves the studio.",
      "Local pickup from the studio is free and can be arranged after your order is placed.",
    ],
  },
} as const;

export function loader({ params: _params }: Route.LoaderArgs) {
  return null;
}

/** Spec §9: a visit back within 5 minutes is answered from the browser's cache; a failed load is tried twice. */
export const clientLoader = ({ request, serverLoader }: Route.ClientLoaderArgs) =>
  cachedLoad(request.url, serverLoader);

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const site = siteFromMatches(matches);
  const policy = POLICIES[matches.at(-1)?.id as keyof typeof POLICIES] as
    (typeof POLICIES)[keyof typeof POLICIES] | undefined;
  return pageSeo(site, "default", location.pathname, {
    title: pageTitle(policy?.title, site?.siteTitle),
    description: policy ? summarize(`${policy.lead} ${policy.body[0]}`) : undefined,
  });
};

export default function Policy({ matches }: Route.ComponentProps) {
  const id = matches.at(-1)?.id as keyof typeof POLICIES;
  const policy = POLICIES[id];
  return (
    <PageIntro eyebrow="Information" title={policy.title} lead={policy.lead}>
      <div className="text-ink-soft max-w-2xl space-y-5 leading-relaxed">
        {policy.body.map((p) => (
          <p key={p}>{p}</p>
        ))}
      </div>
    </PageIntro>
  );
}
