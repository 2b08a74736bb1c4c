import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/order";
import { AdminPageError } from "~/components/admin/admin-error";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { findOr404 } from "~/components/admin/find-or-404";
import { ActionNotice } from "~/components/ui/notice";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { OrderSummary } from "~/components/site/checkout/order-summary";
import { ParcelLink } from "~/components/site/external-link";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { CheckboxField, TextAreaField, TextField } from "~/components/ui/field";
import { formState } from "~/lib/action-result";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/components/admin/admin-meta";
import { CARRIERS } from "~/lib/tracking";
import { requireAdmin } from "~/modules/auth/session.server";
import { invoiceForOrder } from "~/modules/invoices/invoices.server";
import { adminCertificateView, certificatesForOrder } from "~/modules/certificates/certificates.server";
import { CertificatesPanel } from "~/components/admin/certificates-panel";
import { getSettings } from "~/modules/settings/settings.server";
import { runOrderIntent } from "~/modules/shop/admin-orders.server";
import { adminActions, isSold, mayBeInvoiced, ORDER_STATUS_LABELS } from "~/modules/shop/order-status";
import { buyerView } from "~/modules/shop/order-view.server";
import { getOrder } from "~/modules/shop/orders.server";
import { NOT_UNDERSTOOD, readFormData, refuse } from "~/modules/forms/submission.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Order ${loaderData.order.number}` : "Order");

const load = (id: string) => findOr404(id, getOrder, "Order not found");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [order, settings, invoice, certificates] = await Promise.all([
    load(params.id),
    getSettings(),
    invoiceForOrder(params.id),
    certificatesForOrder(params.id),
  ]);
  const tz = settings.shop.timeZone;
  const view = buyerView(order, settings);
  return {
    certificates: certificates.map((c) => adminCertificateView(c, tz)),
    // Pieces are certified once paid; a refunded or cancelled order's are not issued again.
    canIssueCertificates: isSold(order.status),
    invoice: invoice ? { id: invoice.id, number: invoice.number } : null,
    canInvoice: mayBeInvoiced(order.status),
    order: {
      ...view,
      phone: order.phone,
      note: order.note,
      reservedUntil: order.reservedUntil ? formatDateTime(order.reservedUntil, tz) : null,
      paymentSessionId: order.paymentSessionId,
      paymentIntentId: order.paymentIntentId,
    },
    actions: adminActions(order.status, { provider: order.provider, fulfilment: order.fulfilment }),
    history: order.events.map((e) => ({
      id: e.id,
      kind: e.kind,
      status: ORDER_STATUS_LABELS[e.status],
      at: formatDateTime(e.createdAt, tz),
      who:
        e.actorKind === "admin"
          ? (e.actorEmail ?? "an administrator")
          : e.actorKind === "buyer"
            ? `the buyer (${e.actorEmail ?? ""})`
            : e.actorKind === "stripe"
              ? "Stripe"
              : "the system",
      note: e.note,
    })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  await load(params.id);
  const result = await runOrderIntent(params.id, await readFormData(request), admin.user);
  // A form sent with mistakes, or one the page never sends, is 400; a step the order's state forbids (already
  // shipped) is 409.
  if (result.ok) return result;
  return refuse(result, result.fieldErrors || result.error === NOT_UNDERSTOOD ? 400 : 409);
}

export default function AdminOrder({ loaderData, actionData }: Route.ComponentProps) {
  const { order, actions, history, invoice, canInvoice, certificates, canIssueCertificates } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const { error } = formState(actionData);
  const markPaid = formState(actionData, "mark-paid");
  const ship = formState(actionData, "ship");
  const cancel = formState(actionData, "cancel");
  const refund = formState(actionData, "refund");
  return (
    <>
      <AdminPageHeader
        title={`Order ${order.number}`}
        actions={
          <>
            {invoice ? (
              <Link
                to={adminPaths.invoice(invoice.id)}
                className="text-ink-soft text-sm underline-offset-4 hover:underline"
              >
                Invoice {invoice.number}
              </Link>
            ) : canInvoice ? (
              <Form method="post" action={adminPaths.invoices()}>
                <input type="hidden" name="intent" value="from-order" />
                <input type="hidden" name="orderId" value={order.id} />
                <Button type="submit" variant="secondary" size="sm" disabled={busy}>
                  Create invoice
                </Button>
              </Form>
            ) : null}
            <Link to={adminPaths.orders()} className="text-ink-soft text-sm underline-offset-4 hover:underline">
              All orders
            </Link>
          </>
        }
      />
      <div className="mb-8 flex flex-wrap items-center gap-3 text-sm">
        <OrderStatusBadge status={order.status} />
        <span className="text-muted">Placed {order.placedAt}</span>
        <span className="text-muted">· {order.provider === "stripe" ? "Card (Stripe)" : "Bank transfer"}</span>
        {order.reservedUntil ? <span className="text-muted">· Reserved until {order.reservedUntil}</span> : null}
      </div>
      <ActionNotice className="mb-8" message={actionData?.ok ? actionData.message : null} error={error} />
      <div className="grid gap-12 lg:grid-cols-12">
        <div className="space-y-10 lg:col-span-7">
          {actions.length > 0 ? (
            <section aria-labelledby="actions-heading" className="space-y-6">
              <h2 id="actions-heading" className="text-2xl">
                Next steps
              </h2>
              {actions.includes("mark-paid") ? (
                <IntentForm intent="mark-paid" label="Mark paid" busy={busy}>
                  <p className="text-ink-soft text-sm">
                    The bank transfer has arrived. The works become sold and the buyer is e-mailed.
                  </p>
                  <TextField {...markPaid.field("note")} label="Note" optional hint="e.g. the bank's reference" />
                </IntentForm>
              ) : null}
              {actions.includes("ship") ? (
                <IntentForm intent="ship" label="Mark shipped" busy={busy}>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <TextField {...ship.field("carrier", "")} label="Carrier" list="carriers" required />
                    <datalist id="carriers">
                      {CARRIERS.map((c) => (
                        <option key={c} value={c} />
                      ))}
                    </datalist>
                    <TextField {...ship.field("trackingNumber", "")} label="Tracking number" required />
                  </div>
                  <TextField
                    {...ship.field("trackingUrl", "")}
                    label="Tracking link"
                    optional
                    type="url"
                    hint="Made from the number for USPS, UPS, FedEx and DHL Express."
                  />
                </IntentForm>
              ) : null}
              {actions.includes("deliver") ? (
                <IntentForm
                  intent="deliver"
                  label={order.fulfilment === "pickup" ? "Mark collected" : "Mark delivered"}
                  busy={busy}
                />
              ) : null}
              {actions.includes("cancel") ? (
                <IntentForm intent="cancel" label="Cancel order" busy={busy} tone="danger">
                  <p className="text-ink-soft text-sm">The works are released and for sale again at once.</p>
                  <TextField {...cancel.field("note")} label="Reason" optional />
                </IntentForm>
              ) : null}
              {actions.includes("refund") ? (
                <IntentForm intent="refund" label="Refund order" busy={busy} tone="danger">
                  <p className="text-ink-soft text-sm">
                    {order.provider === "stripe"
                      ? "The full amount is refunded to the buyer's card through Stripe."
                      : "Return the bank transfer yourself; this records the refund."}{" "}
                    The works become available again.
                  </p>
                  <TextAreaField {...refund.field("note")} label="Reason" optional rows={2} />
                  <CheckboxField
                    name="confirm"
                    value="yes"
                    label="I confirm the full refund of this order"
                    error={refund.fieldErrors.confirm}
                  />
                </IntentForm>
              ) : null}
            </section>
          ) : null}

          <section aria-labelledby="buyer-heading" className="grid gap-6 text-sm sm:grid-cols-2">
            <div>
              <h2 id="buyer-heading" className="mb-2 text-xl">
                Buyer
              </h2>
              <p>{order.name}</p>
              <p>
                <a href={`mailto:${order.email}`} className="underline underline-offset-4">
                  {order.email}
                </a>
              </p>
              {order.phone ? <p>{order.phone}</p> : null}
            </div>
            <div>
              <h2 className="mb-2 text-xl">{order.fulfilment === "pickup" ? "Collection" : "Ship to"}</h2>
              <p className="text-ink-soft">{order.delivery}</p>
              {order.tracking ? (
                <p className="text-ink-soft mt-2">
                  {order.tracking.carrier} {order.tracking.number}
                  <ParcelLink url={order.tracking.url} className="underline">
                    track
                  </ParcelLink>
                </p>
              ) : null}
            </div>
            {order.note ? (
              <div className="sm:col-span-2">
                <h2 className="mb-2 text-xl">Buyer&apos;s note</h2>
                <p className="text-ink-soft whitespace-pre-line">{order.note}</p>
              </div>
            ) : null}
            {order.paymentSessionId ? (
              <div className="text-muted text-xs sm:col-span-2">
                Stripe session {order.paymentSessionId}
                {order.paymentIntentId ? ` · payment ${order.paymentIntentId}` : ""}
              </div>
            ) : null}
          </section>

          <CertificatesPanel
            certificates={certificates}
            showTitles
            issue={
              canIssueCertificates
                ? { label: "Issue certificates", fields: { intent: "issue-order", orderId: order.id } }
                : null
            }
            note={
              canIssueCertificates
                ? "One per work, attached to the paid e-mail. Issuing again adds only what is missing (after a revocation)."
                : "Issued when the order is paid."
            }
          />

          <section aria-labelledby="history-heading">
            <h2 id="history-heading" className="mb-4 text-2xl">
              History
            </h2>
            <ol className="border-line divide-line divide-y border-y text-sm">
              {history.map((event) => (
                <li key={event.id} className="grid gap-1 py-3 sm:grid-cols-[13rem_1fr]">
                  <span className="text-muted">{event.at}</span>
                  <span>
                    <strong className="font-medium">{event.kind === "note" ? "Note" : event.status}</strong>
                    {event.kind === "expired" ? " (reservation lapsed)" : ""} by {event.who}
                    {event.note ? <span className="text-ink-soft block">{event.note}</span> : null}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        </div>
        <div className="lg:col-span-5">
          <OrderSummary lines={order.items} totals={order.totals} taxLabel={order.taxLabel} currency={order.currency} />
        </div>
      </div>
    </>
  );
}

function IntentForm({
  intent,
  label,
  busy,
  tone = "primary",
  children,
}: {
  intent: string;
  label: string;
  busy: boolean;
  tone?: "primary" | "danger";
  children?: ReactNode;
}) {
  return (
    <Form method="post" noValidate className={`${cardClass} space-y-4 p-5`}>
      <input type="hidden" name="intent" value={intent} />
      {children}
      <Button type="submit" variant={tone === "danger" ? "dangerOutline" : "primary"} size="sm" disabled={busy}>
        {label}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = AdminPageError;
