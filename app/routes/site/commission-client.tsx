// /commission/{token}: a commission client's private page (docs/inquiries.md "The client's page"): the stage,
// the quote, what is paid and what is due (paid here by card through Stripe, or by bank transfer quoting the
// invoice), the reference images they sent, the artist's progress photos, and the history of stages and
// payments; never the artist's notes. The token is signed by the server; a wrong one is a plain 404. Not
// indexed, never cached.
import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/commission-client";
import { PageIntro } from "~/components/site/page-intro";
import { ResponsiveImage } from "~/components/site/responsive-image";
import { buttonClass } from "~/components/ui/button";
import { Fact } from "~/components/ui/fact";
import { privatePageMeta } from "~/lib/seo";
import { commissionForClient, readClientToken, startClientPayment } from "~/modules/inbox/commission-pipeline.server";
import { NOT_UNDERSTOOD, readFormData } from "~/modules/forms/submission.server";
import { formatCalendarDay, formatDate } from "~/lib/dates";
import { studioTimeZone } from "~/modules/settings/settings.server";

const PARTS = ["deposit", "balance"] as const;
const PRIVATE = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const [commission, tz] = await Promise.all([commissionForClient(params.token), studioTimeZone()]);
  if (!commission)
    throw data("This link is not valid. Open it from the studio's e-mail again.", {
      status: 404,
      headers: { "cache-control": "no-store" },
    });
  const paid = new URL(request.url).searchParams.get("paid");
  return data(
    {
      ...commission,
      dueDate: commission.quote?.dueDate ? formatCalendarDay(commission.quote.dueDate) : null,
      history: commission.history.map((h) => ({ ...h, at: formatDate(h.at, tz) })),
      progress: commission.progress.map((p) => ({ ...p, at: formatDate(p.at, tz) })),
      // Back from Stripe's page: the webhook may still be on its way.
      returnedFrom: PARTS.find((p) => p === paid) ?? null,
    },
    { headers: PRIVATE },
  );
}

export async function action({ params, request }: Route.ActionArgs) {
  if (!readClientToken(params.token))
    throw data("This link is not valid. Open it from the studio's e-mail again.", { status: 404, headers: PRIVATE });
  const form = await readFormData(request);
  const intent = form.get("intent");
  const part = intent === "pay-deposit" ? "deposit" : intent === "pay-balance" ? "balance" : undefined;
  if (!part) return data({ error: NOT_UNDERSTOOD }, { status: 400, headers: PRIVATE });
  const started = await startClientPayment(params.token, part);
  if (!started.ok) return data({ error: started.error }, { status: 409, headers: PRIVATE });
  if (started.kind === "card") return redirect(started.url, { status: 303, headers: PRIVATE });
  return data({ error: null }, { headers: PRIVATE });
}

export const meta: Route.MetaFunction = ({ matches }) => privatePageMeta(matches, "Your commission");

export default function CommissionClient({ loaderData: c, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod === "POST";
  const returnedPaid = c.returnedFrom === "deposit" ? c.payments?.depositPaid : c.payments?.balancePaid;
  return (
    <PageIntro eyebrow="Your commission" title={c.stageLabel} lead={`For ${c.name}.`}>
      <div className="max-w-3xl space-y-14">
        {c.returnedFrom ? (
          <p role="status" className="border-line bg-paper-deep/60 rounded-lg border px-5 py-4">
            {returnedPaid
              ? `Thank you: your ${c.returnedFrom} is paid. The receipt is in the history below.`
              : `Thank you: your ${c.returnedFrom} is being confirmed. Reload this page in a moment to see it.`}
          </p>
        ) : null}

        {c.due ? (
          <section aria-labelledby="pay-heading" className="border-ink border-l-2 pl-6">
            <h2 id="pay-heading" className="text-2xl">
              {c.due.part === "deposit" ? "Your deposit" : "The balance"} · {c.due.amount}
            </h2>
            {c.due.method === "bank" && c.due.invoiceNumber ? (
              <div className="text-ink-soft mt-3 space-y-2 leading-relaxed">
                <p>
                  Pay <strong className="text-ink">{c.due.amount}</strong> by bank transfer, quoting invoice{" "}
                  <strong className="text-ink">{c.due.invoiceNumber}</strong> as the reference. The studio marks it paid
                  here when it arrives.
                </p>
                {c.due.instructions ? <p className="text-muted text-sm">{c.due.instructions}</p> : null}
              </div>
            ) : (
              <Form method="post" className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
                <button
                  type="submit"
                  name="intent"
                  value={`pay-${c.due.part}`}
                  className={buttonClass("primary")}
                  disabled={paying}
                >
                  {paying ? "One moment…" : `Pay ${c.due.part} · ${c.due.amount}`}
                </button>
                <span className="text-muted text-sm">
                  {c.due.method === "card"
                    ? "By card, on Stripe’s secure payment page."
                    : "By bank transfer: you get the invoice number to quote."}
                </span>
              </Form>
            )}
            {actionData?.error ? (
              <p role="alert" className="text-destructive mt-3 text-sm">
                {actionData.error}
              </p>
            ) : null}
          </section>
        ) : null}

        {c.progress.length ? (
          <section aria-labelledby="progress-heading">
            <h2 id="progress-heading" className="eyebrow font-sans">
              In the studio
            </h2>
            <ul className="mt-5 space-y-10">
              {c.progress.map((p, i) => (
                <li key={p.id}>
                  <figure>
                    <div className="bg-paper-deep overflow-hidden rounded-sm">
                      <ResponsiveImage
                        image={p.image}
                        alt={p.caption || `Work in progress, ${p.at}`}
                        sizes="(min-width: 48rem) 48rem, 100vw"
                        className="h-auto w-full"
                        fit="contain"
                        priority={i === 0}
                      />
                    </div>
                    <figcaption className="text-ink-soft mt-3 text-sm">
                      {p.caption ? `${p.caption} · ` : ""}
                      <span className="text-muted">{p.at}</span>
                    </figcaption>
                  </figure>
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="request-heading">
          <h2 id="request-heading" className="eyebrow font-sans">
            What you asked for
          </h2>
          <p className="text-ink-soft mt-3 leading-relaxed whitespace-pre-wrap">{c.description}</p>
          {c.references.length ? (
            <ul aria-label="Your reference images" className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3">
              {c.references.map((r) => (
                <li key={r.id} className="bg-paper-deep aspect-square overflow-hidden rounded-sm">
                  <ResponsiveImage
                    image={r.image}
                    alt={r.alt}
                    sizes="(min-width: 48rem) 16rem, 50vw"
                    className="size-full"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>

        <section aria-labelledby="quote-heading">
          <h2 id="quote-heading" className="eyebrow font-sans">
            Quote
          </h2>
          {c.quote ? (
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-8 gap-y-2">
              <Fact term="Price" className="font-serif text-2xl">
                {c.quote.price}
              </Fact>
              <Fact term="Deposit">
                {c.payments?.depositPaid ? null : `${c.quote.depositPercent} % · `}
                {c.payments?.deposit}{" "}
                <span className={c.payments?.depositPaid ? "text-available" : "text-muted"}>
                  {c.payments?.depositStatus}
                </span>
              </Fact>
              <Fact term="Balance">
                {c.payments?.balance}{" "}
                <span className={c.payments?.balancePaid ? "text-available" : "text-muted"}>
                  {c.payments?.balanceStatus}
                </span>
              </Fact>
              <Fact term="Ready by">{c.dueDate}</Fact>
              <Fact term="Terms" className="whitespace-pre-wrap">
                {c.quote.terms}
              </Fact>
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
          A question about your painting? Reply to the studio&rsquo;s e-mail: it reaches the artist directly.
        </p>
      </div>
    </PageIntro>
  );
}
