// /commission/{token}: a commission client's private page (docs/admin.md "Commission Pipeline"): the stage, the
// quote, what is paid and what is owed, and the history of stages and payments; never the artist's notes. The
// token is signed by the server; a wrong one is a plain 404. Not indexed, never cached.
import { data } from "react-router";
import type { Route } from "./+types/commission-client";
import { PageIntro } from "~/components/site/page-intro";
import { pageTitle } from "~/lib/meta";
import { ROBOTS_NOINDEX, siteFromMatches } from "~/lib/seo";
import { commissionForClient } from "~/modules/inbox/commission-pipeline.server";
import { formatDate } from "~/lib/dates";

export async function loader({ params }: Route.LoaderArgs) {
  const commission = await commissionForClient(params.token);
  if (!commission)
    throw data("This link is not valid. Open it from the studio's e-mail again.", {
      status: 404,
      headers: { "cache-control": "no-store" },
    });
  return data(
    {
      ...commission,
      dueDate: commission.quote?.dueDate ? formatDate(new Date(`${commission.quote.dueDate}T12:00:00Z`)) : null,
      history: commission.history.map((h) => ({ ...h, at: formatDate(h.at) })),
    },
    { headers: { "cache-control": "private, no-store", "x-robots-tag": "noindex" } },
  );
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle("Your commission", siteFromMatches(matches)?.siteTitle) },
  { name: "robots", content: ROBOTS_NOINDEX },
];

export default function CommissionClient({ loaderData: c }: Route.ComponentProps) {
  return (
    <PageIntro eyebrow="Your commission" title={c.stageLabel} lead={`For ${c.name}.`}>
      <div className="max-w-2xl space-y-10">
        <section aria-labelledby="request-heading">
          <h2 id="request-heading" className="eyebrow font-sans">
            What you asked for
          </h2>
          <p className="text-ink-soft mt-3 leading-relaxed whitespace-pre-wrap">{c.description}</p>
        </section>
        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading" className="eyebrow font-sans">
            Quote
          </h2>
          {c.quote ? (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-8 gap-y-2">
              <dt className="text-muted">Price</dt>
              <dd className="font-serif text-2xl">{c.quote.price}</dd>
              <dt className="text-muted">Deposit</dt>
              <dd>
                {c.quote.depositPercent} % · {c.payments?.deposit}{" "}
                <span className={c.payments?.depositPaid ? "text-available" : "text-muted"}>
                  {c.payments?.depositPaid ? "Paid" : "To pay"}
                </span>
              </dd>
              <dt className="text-muted">Balance</dt>
              <dd>
                {c.payments?.balance}{" "}
                <span className={c.payments?.balancePaid ? "text-available" : "text-muted"}>
                  {c.payments?.balancePaid ? "Paid" : "On completion"}
                </span>
              </dd>
              {c.dueDate ? (
                <>
                  <dt className="text-muted">Ready by</dt>
                  <dd>{c.dueDate}</dd>
                </>
              ) : null}
              {c.quote.terms ? (
                <>
                  <dt className="text-muted">Terms</dt>
                  <dd className="whitespace-pre-wrap">{c.quote.terms}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p className="text-muted mt-3">The studio is preparing your quote.</p>
          )}
        </section>
        {c.history.length ? (
          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="eyebrow font-sans">
              So far
            </h2>
            <ol className="mt-3 space-y-2 text-sm">
              {c.history.map((h) => (
                <li key={h.id} className="border-line border-l-2 pl-3">
                  {h.text} <span className="text-muted">· {h.at}</span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        <p className="text-muted text-sm">
          To pay the deposit or ask a question, reply to the studio&rsquo;s e-mail: bank transfer details come with each
          invoice.
        </p>
      </div>
    </PageIntro>
  );
}
