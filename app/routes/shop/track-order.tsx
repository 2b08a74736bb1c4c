import { data, Form } from "react-router";
import type { Route } from "./+types/track-order";
import { SubmitButton } from "~/components/ui/submit-button";
import { OrderSummary } from "~/components/site/checkout/order-summary";
import { TextField } from "~/components/ui/field";
import { OrderTimeline } from "~/components/site/order-timeline";
import { fieldBinder } from "~/lib/action-result";
import { paths } from "~/lib/paths";
import { privatePageMeta } from "~/lib/seo";
import { getSettings } from "~/modules/settings/settings.server";
import { buyerView } from "~/modules/shop/order-view.server";
import { trackOrder } from "~/modules/shop/orders.server";
import { hitRateLimit, RATE_LIMITS, retryAfter } from "~/modules/security/rate-limit.server";
import { readTrackingForm, TRACKING_NOT_FOUND, TRACKING_RETRY } from "~/modules/shop/tracking.server";
import { OUTAGE_HEADERS, orDuringOutage, readFormData } from "~/modules/forms/submission.server";
import { buyerCertificateLinks } from "~/modules/certificates/certificates.server";
import { CertificateLinks } from "~/components/site/certificate-links";
import { PageHeading } from "~/components/site/page-intro";

// A private step of an order: reachable, never indexed.
export const meta: Route.MetaFunction = ({ matches }) =>
  privatePageMeta(matches, "Track your order", { path: paths.trackOrder() });

export const headers: Route.HeadersFunction = () => ({ "cache-control": "private, no-store" });

export function loader({ request }: Route.LoaderArgs) {
  // A link from an e-mail fills in the order number; the e-mail address is always typed.
  return { number: new URL(request.url).searchParams.get("number")?.slice(0, 40) ?? "" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = readTrackingForm(await readFormData(request));
  const { values } = read;
  if (!read.ok)
    return data(
      { values, fieldErrors: read.fieldErrors, order: null, certificates: [], formError: null },
      { status: 400 },
    );
  const { input } = read;
  return orDuringOutage(
    async () => {
      const limit = await hitRateLimit(`track:ip:${context.clientIp}`, RATE_LIMITS.tracking);
      if (!limit.allowed) {
        return data(
          {
            values,
            fieldErrors: {},
            order: null,
            certificates: [],
            formError: "Too many attempts. Please wait a minute and try again.",
          },
          { status: 429, headers: retryAfter(limit) },
        );
      }
      const order = await trackOrder(input.number, input.email);
      if (!order)
        return data(
          { values, fieldErrors: {}, order: null, certificates: [], formError: TRACKING_NOT_FOUND },
          { status: 404 },
        );
      // Signed download links for this order's own certificates: shown only after number and e-mail matched.
      const certificates = (await buyerCertificateLinks([order.id])).get(order.id) ?? [];
      return { values, fieldErrors: {}, order: buyerView(order, await getSettings()), certificates, formError: null };
    },
    () =>
      data(
        { values, fieldErrors: {}, order: null, certificates: [], formError: TRACKING_RETRY },
        { status: 503, headers: OUTAGE_HEADERS },
      ),
  );
}

export default function TrackOrder({ loaderData, actionData }: Route.ComponentProps) {
  const values = actionData?.values ?? { number: loaderData.number, email: "" };
  const errors: { number?: string; email?: string } = actionData?.fieldErrors ?? {};
  const field = fieldBinder(values, errors);
  const order = actionData?.order;
  return (
    <div className="container-page py-12 md:py-20">
      <PageHeading
        eyebrow="Orders"
        title="Track your order"
        lead="Enter your order number and e-mail address to see where your painting is."
      />
      <Form
        method="post"
        noValidate
        className="mt-10 grid max-w-2xl gap-5 sm:grid-cols-[1fr_1.4fr_auto] sm:items-start"
      >
        <TextField
          {...field("number")}
          label="Order number"
          required
          hint="For example A-2026-0001"
          autoComplete="off"
        />
        <TextField {...field("email")} type="email" label="Email" required autoComplete="email" inputMode="email" />
        <SubmitButton busyLabel="Looking…" className="sm:mt-7">
          Track
        </SubmitButton>
      </Form>
      <div aria-live="polite">
        {actionData?.formError ? (
          <p role="alert" className="border-destructive text-ink-soft mt-8 max-w-2xl border-l-2 pl-4">
            {actionData.formError}
          </p>
        ) : null}
        {order ? (
          <div className="mt-14 grid gap-12 md:grid-cols-12 md:gap-16">
            <section aria-labelledby="tracked-heading" className="md:col-span-7">
              <h2 id="tracked-heading" className="text-3xl">
                Order {order.number}
              </h2>
              <p className="text-muted mt-2 text-sm">
                Placed {order.placedAt} · {order.statusLabel}
              </p>
              <div className="mt-8">
                <OrderTimeline order={order} />
              </div>
              {order.reservedUntil && order.provider === "manual" ? (
                <p className="text-ink-soft mt-8 text-sm leading-relaxed">
                  Awaiting your bank transfer, quoting {order.number}. {order.paymentInstructions} The works are
                  reserved for you until {order.reservedUntil}.
                </p>
              ) : null}
              {actionData?.certificates.length ? (
                <section aria-labelledby="certificates-heading" className="mt-10">
                  <h3 id="certificates-heading" className="eyebrow font-sans">
                    Certificates of authenticity
                  </h3>
                  <CertificateLinks certificates={actionData.certificates} className="mt-3 space-y-2" />
                </section>
              ) : null}
            </section>
            <div className="md:col-span-5">
              <OrderSummary
                lines={order.items}
                totals={order.totals}
                taxLabel={order.taxLabel}
                currency={order.currency}
              />
            </div>
          </div>
        ) : null}
      </div>
    </div>
  );
}
