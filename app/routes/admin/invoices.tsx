// Invoice Generation: the invoices, newest first, searched and filtered by status, and the two ways to make
// one: from a shop order (one click, lines as sold) or for a commission (deposit or final, amount entered).
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invoices";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { RowLink, WithNote } from "~/components/admin/table-cells";
import { FilterBar, statusSelect } from "~/components/admin/filter-bar";
import { InvoiceStatusBadge } from "~/components/admin/invoice-status-badge";
import { Button } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { ActionNotice } from "~/components/ui/notice";
import { formState } from "~/lib/action-result";
import { formatPrice } from "~/lib/money";
import { requireAdmin } from "~/modules/auth/session.server";
import { listInvoiceableCommissions } from "~/modules/inbox/inbox-admin.server";
import { CommissionInvoiceSchema, FromOrderSchema, InvoiceListFilterSchema } from "~/modules/invoices/invoice-form";
import {
  formatInvoiceDay,
  INVOICE_CHOICES,
  INVOICE_STATUS_LABELS,
  INVOICES_PAGE_SIZE,
  invoiceStanding,
} from "~/modules/invoices/invoice-rules";
import {
  createCommissionInvoice,
  createInvoiceFromOrder,
  InvoiceError,
  listInvoices,
} from "~/modules/invoices/invoices.server";
import { listInvoiceableOrders } from "~/modules/shop/orders.server";
import {
  FIELDS_NEED_ATTENTION,
  NOT_UNDERSTOOD,
  parseSubmission,
  readFormData,
  readListQuery,
  refuse,
  typedValues,
} from "~/modules/forms/submission.server";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery } from "~/lib/list-query";

export const meta: Route.MetaFunction = () => adminMeta("Invoice Generation");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = readListQuery(request, InvoiceListFilterSchema);
  const [{ invoices, total }, orders, commissions] = await Promise.all([
    listInvoices(filters),
    listInvoiceableOrders(INVOICE_CHOICES),
    listInvoiceableCommissions(INVOICE_CHOICES, filters.commission),
  ]);
  return {
    filters,
    total,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      // What became of it with its order (refunded, or paid for an order that is no sale), under its status.
      note: invoiceStanding(i.status, i.order)?.short ?? null,
      buyerName: i.buyerName,
      buyerEmail: i.buyerEmail,
      kind: i.kind === "order" ? "Order" : i.commissionStage === "deposit" ? "Commission deposit" : "Commission",
      issued: formatInvoiceDay(i.issueDate),
      due: formatInvoiceDay(i.dueDate),
      total: formatPrice(i.totalCents, i.currency),
    })),
    anyOrder: orders.any,
    orders: orders.choices.map((o) => ({
      value: o.id,
      label: `${o.number} · ${o.name} · ${formatPrice(o.totalCents, o.currency)}`,
    })),
    commissions: commissions.choices.map((c) => ({ value: c.id, label: `${c.name} · ${c.email}` })),
    chosenCommission: commissions.chosen,
    anyCommission: commissions.any,
  };
}

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const intent = form.get("intent");
  try {
    if (intent === "from-order") {
      const submission = parseSubmission(form, FromOrderSchema, { intent });
      if (!submission.ok) return refuse(submission.failure);
      const { invoice } = await createInvoiceFromOrder(submission.value.orderId);
      return redirect(adminPaths.invoice(invoice.id));
    }
    if (intent === "for-commission") {
      const submission = parseSubmission(form, CommissionInvoiceSchema, { intent });
      if (!submission.ok) return refuse(submission.failure);
      const { amount, tax, ...input } = submission.value;
      const invoice = await createCommissionInvoice({ ...input, amountCents: amount, taxCents: tax });
      return redirect(adminPaths.invoice(invoice.id));
    }
  } catch (error) {
    if (error instanceof InvoiceError && error.code === "due-before-issue") {
      const fieldErrors = { dueDate: error.message };
      return refuse({
        ok: false,
        error: FIELDS_NEED_ATTENTION,
        fieldErrors,
        values: typedValues(form),
        intent: "for-commission",
      });
    }
    if (error instanceof InvoiceError) return refuse(error.message, 409);
    throw error;
  }
  return refuse(NOT_UNDERSTOOD);
}

type InvoiceRow = Route.ComponentProps["loaderData"]["invoices"][number];

const COLUMNS: Column<InvoiceRow>[] = [
  {
    header: "Invoice",
    rowHeader: true,
    className: "whitespace-nowrap",
    cell: (invoice) => <RowLink to={adminPaths.invoice(invoice.id)}>{invoice.number}</RowLink>,
  },
  {
    header: "Buyer",
    cell: (invoice) => <WithNote note={invoice.buyerEmail}>{invoice.buyerName}</WithNote>,
  },
  { header: "For", className: "text-ink-soft", cell: (invoice) => invoice.kind },
  { header: "Issued", className: "text-ink-soft whitespace-nowrap", cell: (invoice) => invoice.issued },
  { header: "Due", className: "text-ink-soft whitespace-nowrap", cell: (invoice) => invoice.due },
  { header: "Total", className: "text-right whitespace-nowrap tabular-nums", cell: (invoice) => invoice.total },
  {
    header: "Status",
    cell: (invoice) =>
      invoice.note ? (
        <WithNote note={invoice.note}>
          <InvoiceStatusBadge status={invoice.status} />
        </WithNote>
      ) : (
        <InvoiceStatusBadge status={invoice.status} />
      ),
  },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { invoices, filters, total, orders, anyOrder, commissions, chosenCommission, anyCommission } = loaderData;
  const busy = useNavigation().state === "submitting";
  const { error } = formState(actionData);
  const fromOrder = formState(actionData, "from-order");
  const { field: commissionField } = formState(actionData, "for-commission");
  const href = (p: number) => adminPaths.invoices(listQuery({ q: filters.q, status: filters.status }, p));
  return (
    <>
      <AdminPageHeader
        title="Invoice Generation"
        description="Invoices for sales and commissions, numbered in sequence each year, printable and sent to the buyer as a PDF."
      />
      <ActionNotice error={error} />

      <section aria-labelledby="new-invoice-heading" className="mb-10">
        <h2 id="new-invoice-heading" className="mb-4 text-xl">
          New invoice
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <Form method="post" noValidate className={`${cardClass} space-y-4 p-5`} aria-labelledby="from-order-heading">
            <h3 id="from-order-heading" className="text-lg">
              From an order
            </h3>
            <p className="text-ink-soft text-sm">
              The works, shipping and tax exactly as sold. An order that already has an invoice opens it instead.
            </p>
            <input type="hidden" name="intent" value="from-order" />
            {orders.length === 0 ? (
              <p className="text-muted text-sm">
                {anyOrder ? "No order to invoice: cancelled and refunded orders get none." : "No orders yet."}
              </p>
            ) : (
              <>
                <SelectField {...fromOrder.field("orderId")} label="Order" options={orders} />
                <Button type="submit" size="sm" disabled={busy}>
                  Create invoice from order
                </Button>
              </>
            )}
          </Form>

          <Form method="post" noValidate className={`${cardClass} space-y-4 p-5`} aria-labelledby="commission-heading">
            <h3 id="commission-heading" className="text-lg">
              For a commission
            </h3>
            <input type="hidden" name="intent" value="for-commission" />
            {commissions.length === 0 ? (
              <p className="text-muted text-sm">
                {anyCommission
                  ? "No commission to invoice: declined requests get none."
                  : "No commission requests yet."}
              </p>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    {...commissionField("commissionId", chosenCommission ?? undefined)}
                    label="Commission"
                    options={commissions}
                  />
                  <SelectField
                    {...commissionField("stage")}
                    label="Invoice for"
                    options={[
                      { value: "deposit", label: "Deposit" },
                      { value: "final", label: "Final payment" },
                    ]}
                  />
                </div>
                <TextField
                  {...commissionField("description")}
                  label="Description"
                  hint="e.g. Deposit (50 %) for a commissioned oil painting, 30 × 40 in"
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField {...commissionField("amount")} label="Amount (USD)" inputMode="decimal" />
                  <TextField {...commissionField("tax")} label="Tax (USD)" optional inputMode="decimal" />
                  <TextField
                    {...commissionField("issueDate")}
                    label="Issue date"
                    optional
                    type="date"
                    hint="Today if empty"
                  />
                  <TextField
                    {...commissionField("dueDate")}
                    label="Due date"
                    optional
                    type="date"
                    hint="14 days after issue if empty"
                  />
                </div>
                <TextAreaField {...commissionField("buyerAddress")} label="Billing address" optional rows={3} />
                <TextAreaField
                  {...commissionField("notes")}
                  label="Notes"
                  optional
                  rows={2}
                  hint="Shown on the invoice, e.g. payment details"
                />
                <Button type="submit" size="sm" disabled={busy}>
                  Create commission invoice
                </Button>
              </>
            )}
          </Form>
        </div>
      </section>

      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="mb-4 text-xl">
          Invoices
        </h2>
        <FilterBar
          label="Search"
          hint="Invoice number, name or e-mail"
          query={filters.q}
          selects={[statusSelect(INVOICE_STATUS_LABELS, filters.status)]}
          submitLabel="Filter"
        />
        <DataTable
          caption="Invoices, newest first"
          columns={COLUMNS}
          rows={invoices}
          rowKey={(invoice) => invoice.id}
          empty={filters.q || filters.status ? "No invoices match." : "No invoices yet."}
          pager={{ page: filters.page, pageSize: INVOICES_PAGE_SIZE, total, href, items: "invoices" }}
        />
      </section>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
