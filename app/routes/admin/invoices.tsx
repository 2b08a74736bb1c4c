// Invoice Generation: the invoices, newest first, searched and filtered by status, and the two ways to make
// one: from a shop order (one click, lines as sold) or for a commission (deposit or final, amount entered).
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/invoices";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { InvoiceStatusBadge } from "~/components/admin/invoice-status-badge";
import { Pager } from "~/components/admin/pager";
import { SelectField, TextAreaField, TextField } from "~/components/form/field";
import { formatPrice } from "~/lib/money";
import { requireAdmin } from "~/modules/auth/session.server";
import { listCommissions } from "~/modules/inbox/inbox-admin.server";
import {
  CommissionInvoiceSchema,
  FromOrderSchema,
  InvoiceListFilterSchema,
  parseForm,
  type FieldErrorMap,
} from "~/modules/invoices/invoice-form";
import { formatInvoiceDay, INVOICE_STATUS_LABELS, INVOICES_PAGE_SIZE } from "~/modules/invoices/invoice-rules";
import {
  createCommissionInvoice,
  createInvoiceFromOrder,
  InvoiceError,
  listInvoices,
} from "~/modules/invoices/invoices.server";
import { listOrders } from "~/modules/shop/orders.server";
import { readFormData } from "~/modules/security/form-data.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = () => adminMeta("Invoice Generation");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = InvoiceListFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [{ invoices, total }, { orders }, commissionsByStage] = await Promise.all([
    listInvoices(filters),
    listOrders({ limit: 50 }),
    listCommissions(),
  ]);
  return {
    filters,
    total,
    invoices: invoices.map((i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      buyerName: i.buyerName,
      buyerEmail: i.buyerEmail,
      kind: i.kind === "order" ? "Order" : i.commissionStage === "deposit" ? "Commission deposit" : "Commission",
      issued: formatInvoiceDay(i.issueDate),
      due: formatInvoiceDay(i.dueDate),
      total: formatPrice(i.totalCents, i.currency),
    })),
    orders: orders.map((o) => ({
      value: o.id,
      label: `${o.number} · ${o.name} · ${formatPrice(o.totalCents, o.currency)}`,
    })),
    commissions: Object.values(commissionsByStage.byStage)
      .flat()
      .filter((c) => c.stage !== "declined")
      .map((c) => ({ value: c.id, label: `${c.name} · ${c.email}` })),
  };
}

type ActionData = { ok: false; intent: string; errors: FieldErrorMap; typed: Record<string, string> };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const rawIntent = form.get("intent");
  const intent = typeof rawIntent === "string" ? rawIntent : "";
  const fail = (errors: FieldErrorMap, typed: Record<string, string>, status = 400) =>
    data<ActionData>({ ok: false, intent, errors, typed }, { status });
  try {
    if (intent === "from-order") {
      const parsed = parseForm(FromOrderSchema, form);
      if (!parsed.ok) return fail(parsed.errors, parsed.typed);
      const { invoice } = await createInvoiceFromOrder(parsed.values.orderId);
      return redirect(adminPaths.invoice(invoice.id));
    }
    if (intent === "for-commission") {
      const parsed = parseForm(CommissionInvoiceSchema, form);
      if (!parsed.ok) return fail(parsed.errors, parsed.typed);
      const invoice = await createCommissionInvoice({
        ...parsed.values,
        issueDate: parsed.values.issueDate,
        dueDate: parsed.values.dueDate,
        amountCents: parsed.values.amount,
        taxCents: parsed.values.tax,
      });
      return redirect(adminPaths.invoice(invoice.id));
    }
  } catch (error) {
    if (error instanceof InvoiceError) return fail({ form: error.message }, {}, 409);
    throw error;
  }
  return fail({ form: "Unknown action." }, {});
}

const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...Object.entries(INVOICE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { invoices, filters, total, orders, commissions } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const errorsFor = (intent: string) => (failed?.intent === intent ? failed.errors : {});
  const typedFor = (intent: string) => (failed?.intent === intent ? failed.typed : {});
  const commissionErrors = errorsFor("for-commission");
  const commissionTyped = typedFor("for-commission");
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (filters.q) params.set("q", filters.q);
    if (filters.status) params.set("status", filters.status);
    if (p > 1) params.set("page", String(p));
    return adminPaths.invoices(params);
  };
  return (
    <>
      <AdminPageHeader
        title="Invoice Generation"
        description="Invoices for sales and commissions, numbered in sequence each year, printable and sent to the buyer as a PDF."
      />
      {failed?.errors.form ? (
        <p role="alert" className="border-destructive text-destructive mb-6 border-l-2 pl-4">
          {failed.errors.form}
        </p>
      ) : null}

      <section aria-labelledby="new-invoice-heading" className="mb-10">
        <h2 id="new-invoice-heading" className="mb-4 text-xl">
          New invoice
        </h2>
        <div className="grid gap-6 lg:grid-cols-2">
          <Form
            method="post"
            noValidate
            className="border-line space-y-4 rounded-md border bg-white p-5"
            aria-labelledby="from-order-heading"
          >
            <h3 id="from-order-heading" className="text-lg">
              From an order
            </h3>
            <p className="text-ink-soft text-sm">
              The works, shipping and tax exactly as sold. An order that already has an invoice opens it instead.
            </p>
            <input type="hidden" name="intent" value="from-order" />
            {orders.length === 0 ? (
              <p className="text-muted text-sm">No orders yet.</p>
            ) : (
              <>
                <SelectField
                  name="orderId"
                  label="Order"
                  options={orders}
                  defaultValue={typedFor("from-order").orderId}
                  error={errorsFor("from-order").orderId}
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="bg-ink text-paper rounded-full px-5 py-2.5 text-sm disabled:opacity-60"
                >
                  Create invoice from order
                </button>
              </>
            )}
          </Form>

          <Form
            method="post"
            noValidate
            className="border-line space-y-4 rounded-md border bg-white p-5"
            aria-labelledby="commission-heading"
          >
            <h3 id="commission-heading" className="text-lg">
              For a commission
            </h3>
            <input type="hidden" name="intent" value="for-commission" />
            {commissions.length === 0 ? (
              <p className="text-muted text-sm">No commission requests yet.</p>
            ) : (
              <>
                <div className="grid gap-4 sm:grid-cols-2">
                  <SelectField
                    name="commissionId"
                    label="Commission"
                    options={commissions}
                    defaultValue={commissionTyped.commissionId}
                    error={commissionErrors.commissionId}
                  />
                  <SelectField
                    name="stage"
                    label="Invoice for"
                    options={[
                      { value: "deposit", label: "Deposit" },
                      { value: "final", label: "Final payment" },
                    ]}
                    defaultValue={commissionTyped.stage}
                    error={commissionErrors.stage}
                  />
                </div>
                <TextField
                  name="description"
                  label="Description"
                  hint="e.g. Deposit (50 %) for a commissioned oil painting, 30 × 40 in"
                  defaultValue={commissionTyped.description}
                  error={commissionErrors.description}
                />
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField
                    name="amount"
                    label="Amount (USD)"
                    inputMode="decimal"
                    defaultValue={commissionTyped.amount}
                    error={commissionErrors.amount}
                  />
                  <TextField
                    name="tax"
                    label="Tax (USD)"
                    optional
                    inputMode="decimal"
                    defaultValue={commissionTyped.tax}
                    error={commissionErrors.tax}
                  />
                  <TextField
                    name="issueDate"
                    label="Issue date"
                    optional
                    type="date"
                    hint="Today if empty"
                    defaultValue={commissionTyped.issueDate}
                    error={commissionErrors.issueDate}
                  />
                  <TextField
                    name="dueDate"
                    label="Due date"
                    optional
                    type="date"
                    hint="14 days after issue if empty"
                    defaultValue={commissionTyped.dueDate}
                    error={commissionErrors.dueDate}
                  />
                </div>
                <TextAreaField
                  name="buyerAddress"
                  label="Billing address"
                  optional
                  rows={3}

                  defaultValue={commissionTyped.buyerAddress}
                  error={commissionErrors.buyerAddress}
                />
                <TextAreaField
                  name="notes"
                  label="Notes"
                  optional
                  rows={2}

                  hint="Shown on the invoice, e.g. payment details"
                  defaultValue={commissionTyped.notes}
                  error={commissionErrors.notes}
                />
                <button
                  type="submit"
                  disabled={busy}
                  className="bg-ink text-paper rounded-full px-5 py-2.5 text-sm disabled:opacity-60"
                >
                  Create commission invoice
                </button>
              </>
            )}
          </Form>
        </div>
      </section>

      <section aria-labelledby="invoices-heading">
        <h2 id="invoices-heading" className="mb-4 text-xl">
          Invoices
        </h2>
        <Form method="get" className="mb-6 grid max-w-3xl gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
          <TextField
            name="q"
            label="Search"
            hint="Invoice number, name or e-mail"
            defaultValue={filters.q ?? ""}
            type="search"
          />
          <SelectField name="status" label="Status" defaultValue={filters.status ?? ""} options={STATUS_OPTIONS} />
          <button type="submit" className="bg-ink text-paper h-11 rounded-full px-6 text-sm sm:mb-7">
            Filter
          </button>
        </Form>
        {invoices.length === 0 ? (
          <EmptyState>{filters.q || filters.status ? "No invoices match." : "No invoices yet."}</EmptyState>
        ) : (
          <div className="border-line overflow-x-auto rounded-md border bg-white">
            <table className="w-full text-left text-sm">
              <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Invoice
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Buyer
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    For
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Issued
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Due
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    Total
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    Status
                  </th>
                </tr>
              </thead>
              <tbody className="divide-line divide-y">
                {invoices.map((invoice) => (
                  <tr key={invoice.id} className="hover:bg-paper">
                    <th scope="row" className="px-4 py-3 font-medium whitespace-nowrap">
                      <Link to={adminPaths.invoice(invoice.id)} className="underline-offset-4 hover:underline">
                        {invoice.number}
                      </Link>
                    </th>
                    <td className="px-4 py-3">
                      {invoice.buyerName}
                      <span className="text-muted block text-xs">{invoice.buyerEmail}</span>
                    </td>
                    <td className="text-ink-soft px-4 py-3">{invoice.kind}</td>
                    <td className="text-ink-soft px-4 py-3 whitespace-nowrap">{invoice.issued}</td>
                    <td className="text-ink-soft px-4 py-3 whitespace-nowrap">{invoice.due}</td>
                    <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{invoice.total}</td>
                    <td className="px-4 py-3">
                      <InvoiceStatusBadge status={invoice.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {total > 0 ? (
          <Pager page={filters.page} pageSize={INVOICES_PAGE_SIZE} total={total} href={href} items="invoices" />
        ) : null}
      </section>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
