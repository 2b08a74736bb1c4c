// One invoice as the buyer sees it: a clean printable page (the admin frame and the controls are hidden in
// print), its PDF, what became of it with its order (refunded, or paid for an order that is no sale), and the
// next steps: send to the buyer, mark paid, void, record the refund.
import { useState, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { ActionNotice, Notice } from "~/components/ui/notice";
import type { ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/invoice";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { findOr404 } from "~/components/admin/find-or-404";
import { InvoiceStatusBadge } from "~/components/admin/invoice-status-badge";
import { Button, buttonClass, type ButtonVariant } from "~/components/ui/button";
import { rowClass, TableFrame, Td, Th } from "~/components/ui/data-table";
import { formatDateTime } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { requireAdmin } from "~/modules/auth/session.server";
import { InvoiceActionSchema } from "~/modules/invoices/invoice-form";
import { formatInvoiceDay, invoiceActions, invoiceStanding } from "~/modules/invoices/invoice-rules";
import {
  getInvoice,
  InvoiceError,
  orderOfInvoice,
  recordInvoicePayment,
  recordInvoiceRefund,
  sendInvoice,
  voidInvoice,
} from "~/modules/invoices/invoices.server";
import { getSettings } from "~/modules/settings/settings.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData ? `Invoice ${loaderData.invoice.number}` : "Invoice");

const load = (id: string) => findOr404(id, getInvoice, "Invoice not found");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [invoice, settings] = await Promise.all([load(params.id), getSettings()]);
  const order = await orderOfInvoice(invoice);
  const money = (cents: number) => formatPrice(cents, invoice.currency);
  const tz = settings.shop.timeZone;
  const standing = invoiceStanding(invoice.status, order);
  return {
    studio: {
      artistName: settings.artistName,
      contactEmail: settings.contactEmail,
      locationLine: settings.locationLine,
    },
    actions: invoiceActions(invoice.status, order),
    standing: standing && { tone: standing.tone, text: standing.text },
    invoice: {
      id: invoice.id,
      number: invoice.number,
      status: invoice.status,
      orderId: invoice.orderId,
      issued: formatInvoiceDay(invoice.issueDate),
      due: formatInvoiceDay(invoice.dueDate),
      buyerName: invoice.buyerName,
      buyerEmail: invoice.buyerEmail,
      buyerAddress: invoice.buyerAddress,
      currency: invoice.currency,
      lines: invoice.lines.map((l) => ({
        id: l.id,
        description: l.description,
        quantity: l.quantity,
        unitPrice: money(l.unitPriceCents),
        amount: money(l.quantity * l.unitPriceCents),
      })),
      subtotal: money(invoice.subtotalCents),
      shipping: invoice.shippingCents ? money(invoice.shippingCents) : null,
      tax: invoice.taxCents ? { label: invoice.taxLabel, amount: money(invoice.taxCents) } : null,
      total: money(invoice.totalCents),
      notes: invoice.notes,
      sentAt: invoice.sentAt ? formatDateTime(invoice.sentAt, tz) : null,
      paidAt: invoice.paidAt ? formatDateTime(invoice.paidAt, tz) : null,
      voidedAt: invoice.voidedAt ? formatDateTime(invoice.voidedAt, tz) : null,
      refundedAt: invoice.refundedAt ? formatDateTime(invoice.refundedAt, tz) : null,
    },
  };
}

export async function action({ request, params }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const { user } = await requireAdmin(request);
  const invoice = await load(params.id);
  const submission = await readSubmission(request, InvoiceActionSchema);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  try {
    switch (submission.value.intent) {
      case "send":
        await sendInvoice(invoice.id);
        return { ok: true, message: `Invoice queued for ${invoice.buyerEmail}.` };
      case "mark-paid":
        await recordInvoicePayment(invoice.id, user);
        return { ok: true, message: "Marked paid." };
      case "void":
        await voidInvoice(invoice.id);
        return { ok: true, message: `Invoice ${invoice.number} is void; its number is not reused.` };
      case "record-refund": {
        const { orderNumber } = await recordInvoiceRefund(invoice.id, user);
        return { ok: true, message: `Invoice ${invoice.number} is refunded, and order ${orderNumber} with it.` };
      }
    }
  } catch (error) {
    if (error instanceof InvoiceError) return refuse(error.message, 409);
    throw error;
  }
}

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, studio, actions, standing } = loaderData;
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <div className="flex items-center gap-3">
          <Link to={adminPaths.invoices()} className="text-ink-soft text-sm underline-offset-4 hover:underline">
            All invoices
          </Link>
          {invoice.orderId ? (
            <Link
              to={adminPaths.order(invoice.orderId)}
              className="text-ink-soft text-sm underline-offset-4 hover:underline"
            >
              Open the order
            </Link>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <a href={adminPaths.invoicePdf(invoice.id)} className={buttonClass("secondary", "sm")} download>
            Download PDF
          </a>
          <Button type="button" variant="secondary" size="sm" onClick={() => window.print()}>
            Print
          </Button>
          {actions.includes("send") ? (
            <IntentButton intent="send" busy={busy} variant="primary">
              {invoice.sentAt ? "Send to buyer again" : "Send to buyer"}
            </IntentButton>
          ) : null}
          {actions.includes("mark-paid") ? (
            <IntentButton intent="mark-paid" busy={busy} variant="secondary">
              Mark paid
            </IntentButton>
          ) : null}
          {CONFIRMED_STEPS.filter((step) => actions.includes(step.intent)).map((step) => (
            <ConfirmedIntent key={step.intent} {...step} number={invoice.number} busy={busy} />
          ))}
        </div>
      </div>
      <ActionNotice className="mb-6 print:hidden" result={actionData} />
      <p className="text-muted mb-6 flex flex-wrap items-center gap-3 text-sm print:hidden">
        <InvoiceStatusBadge status={invoice.status} />
        {invoice.sentAt ? <span>Sent {invoice.sentAt}</span> : null}
        {invoice.paidAt ? <span>Paid {invoice.paidAt}</span> : null}
        {invoice.voidedAt ? <span>Voided {invoice.voidedAt}</span> : null}
        {invoice.refundedAt ? <span>Refunded {invoice.refundedAt}</span> : null}
      </p>
      {standing ? (
        <div className="mb-6 print:hidden">
          <Notice tone={standing.tone === "alert" ? "accent" : "neutral"}>{standing.text}</Notice>
        </div>
      ) : null}

      <article
        aria-labelledby="invoice-heading"
        className="border-line mx-auto max-w-3xl rounded-md border bg-white p-8 text-sm md:p-12 print:max-w-none print:border-0 print:p-0"
      >
        <header className="flex flex-wrap justify-between gap-6">
          <div>
            <p className="font-serif text-2xl">{studio.artistName}</p>
            {studio.locationLine ? <p className="text-ink-soft mt-1">{studio.locationLine}</p> : null}
            <p className="text-ink-soft">{studio.contactEmail}</p>
          </div>
          <div className="text-right">
            <h1 id="invoice-heading" className="font-serif text-2xl">
              Invoice {invoice.number}
            </h1>
            {invoice.status === "void" ? (
              <p className="text-sold mt-1 font-medium tracking-wide uppercase">Void</p>
            ) : null}
            {invoice.status === "paid" ? (
              <p className="text-available mt-1 font-medium tracking-wide uppercase">Paid</p>
            ) : null}
            {invoice.status === "refunded" ? (
              <p className="text-sold mt-1 font-medium tracking-wide uppercase">Refunded</p>
            ) : null}
            <dl className="text-ink-soft mt-2 grid grid-cols-[auto_auto] justify-end gap-x-3">
              <dt>Issued</dt>
              <dd>{invoice.issued}</dd>
              <dt>Due</dt>
              <dd>{invoice.due}</dd>
            </dl>
          </div>
        </header>

        <section aria-labelledby="bill-to-heading" className="mt-10">
          <h2 id="bill-to-heading" className="text-muted text-xs font-medium tracking-wide uppercase">
            Bill to
          </h2>
          <p className="mt-2 font-medium">{invoice.buyerName}</p>
          <p className="text-ink-soft">{invoice.buyerEmail}</p>
          {invoice.buyerAddress ? <p className="text-ink-soft whitespace-pre-line">{invoice.buyerAddress}</p> : null}
        </section>

        <TableFrame
          caption="Invoice lines"
          className="mt-10"
          head={
            <>
              <Th>Description</Th>
              <Th className="text-right">Qty</Th>
              <Th className="text-right">Unit price</Th>
              <Th className="text-right">Amount</Th>
            </>
          }
        >
          {invoice.lines.map((line) => (
            <tr key={line.id} className={rowClass}>
              <Td>{line.description}</Td>
              <Td className="text-right tabular-nums">{line.quantity}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{line.unitPrice}</Td>
              <Td className="text-right whitespace-nowrap tabular-nums">{line.amount}</Td>
            </tr>
          ))}
          <TotalRow label="Subtotal" amount={invoice.subtotal} first />
          {invoice.shipping ? <TotalRow label="Shipping" amount={invoice.shipping} /> : null}
          {invoice.tax ? <TotalRow label={invoice.tax.label} amount={invoice.tax.amount} /> : null}
          <TotalRow label={`Total (${invoice.currency})`} amount={invoice.total} grand />
        </TableFrame>

        {invoice.notes ? (
          <section aria-labelledby="notes-heading" className="mt-10">
            <h2 id="notes-heading" className="text-muted text-xs font-medium tracking-wide uppercase">
              Notes
            </h2>
            <p className="text-ink-soft mt-2 whitespace-pre-line">{invoice.notes}</p>
          </section>
        ) : null}
      </article>
    </>
  );
}

/** A line under the invoice's lines: the subtotal, shipping, tax and (`grand`) the total. */
function TotalRow({
  label,
  amount,
  first = false,
  grand = false,
}: {
  label: string;
  amount: string;
  first?: boolean;
  grand?: boolean;
}) {
  const space = first ? "pt-3" : grand ? "pt-3 pb-3 text-base font-medium" : "pt-1";
  return (
    <tr>
      <th scope="row" colSpan={3} className={`px-4 text-right ${grand ? "" : "font-normal"} ${space}`}>
        {label}
      </th>
      <td className={`px-4 text-right tabular-nums ${space}`} data-testid={grand ? "invoice-total" : undefined}>
        {amount}
      </td>
    </tr>
  );
}

/** The steps that cannot be undone: the artist confirms each in a dialog first. */
const CONFIRMED_STEPS = [
  {
    intent: "void",
    label: "Void",
    confirmLabel: "Void invoice",
    title: (number: string) => `Void invoice ${number}?`,
    description: "The number stays used and cannot be given again.",
  },
  {
    intent: "record-refund",
    label: "Record refund",
    confirmLabel: "Record refund",
    title: (number: string) => `Record the refund of invoice ${number}?`,
    description:
      "Do this once you have given the money back to the buyer. The invoice and its order become Refunded, and works the order still held go back on sale.",
  },
] as const;

function ConfirmedIntent({
  intent,
  label,
  confirmLabel,
  title,
  description,
  number,
  busy,
}: (typeof CONFIRMED_STEPS)[number] & { number: string; busy: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button type="button" variant="dangerOutline" size="sm" disabled={busy}>
          {label}
        </Button>
      }
      title={title(number)}
      description={description}
      confirmLabel={confirmLabel}
      form={(buttons) => (
        <Form method="post" onSubmit={() => setOpen(false)}>
          <input type="hidden" name="intent" value={intent} />
          {buttons}
        </Form>
      )}
    />
  );
}

/** One of the invoice's next steps. */
function IntentButton({
  intent,
  busy,
  variant,
  children,
}: {
  intent: string;
  busy: boolean;
  variant: ButtonVariant;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <Button type="submit" variant={variant} size="sm" disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = AdminPageError;
