import { Form, Link } from "react-router";
import { Pager } from "~/components/admin/pager";
import type { Route } from "./+types/orders";
import { AdminPageError } from "~/components/admin/admin-error";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { SelectField, TextField } from "~/components/form/field";
import { formatDateTime } from "~/lib/dates";
import { pageTitle } from "~/lib/meta";
import { formatPrice } from "~/lib/money";
import { ROBOTS_NOINDEX } from "~/lib/seo";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSettings } from "~/modules/settings/settings.server";
import { parseOrderFilters } from "~/modules/shop/admin-orders.server";
import { ORDER_STATUS_LABELS } from "~/modules/shop/order-status";
import { listOrders } from "~/modules/shop/orders.server";
import { adminPaths } from "~/lib/admin-paths";

const PAGE_SIZE = 30;

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Orders", "Admin") },
  { name: "robots", content: ROBOTS_NOINDEX },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const [{ orders, total }, settings] = await Promise.all([
    listOrders({ ...filters, limit: PAGE_SIZE, offset: (filters.page - 1) * PAGE_SIZE }),
    getSettings(),
  ]);
  return {
    filters,
    total,
    pageSize: PAGE_SIZE,
    pages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    orders: orders.map((o) => ({ ...o, placed: formatDateTime(o.createdAt, settings.shop.timeZone) })),
  };
}

const STATUS_OPTIONS = [
  { value: "", label: "Any status" },
  ...Object.entries(ORDER_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, total, page, pages } = { ...loaderData, page: loaderData.filters.page };
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (filters.status) params.set("status", filters.status);
    if (filters.q) params.set("q", filters.q);
    if (p > 1) params.set("page", String(p));
    return adminPaths.orders(params);
  };
  return (
    <>
      <AdminPageHeader title="Orders" />
      <Form method="get" className="mb-8 grid max-w-3xl gap-4 sm:grid-cols-[1fr_14rem_auto] sm:items-end">
        <TextField
          name="q"
          label="Search"
          hint="Order number, name or e-mail"
          defaultValue={filters.q ?? ""}
          type="search"
        />
        <SelectField name="status" label="Status" defaultValue={filters.status ?? ""} options={STATUS_OPTIONS} />
        <button type="submit" className="bg-ink text-paper h-11 rounded-full px-6 text-sm sm:mb-7">
          Filter
        </button>
      </Form>
      <p className="text-muted mb-4 text-sm" aria-live="polite">
        {total} {total === 1 ? "order" : "orders"}
      </p>
      {orders.length === 0 ? (
        <p className="text-muted">No orders match.</p>
      ) : (
        <div className="border-line overflow-x-auto rounded-md border bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Order
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Placed
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Buyer
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Works
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Total
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Payment
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-line divide-y">
              {orders.map((order) => (
                <tr key={order.id} className="hover:bg-paper">
                  <th scope="row" className="px-4 py-3 font-medium">
                    <Link to={adminPaths.order(order.id)} className="underline-offset-4 hover:underline">
                      {order.number}
                    </Link>
                  </th>
                  <td className="text-ink-soft px-4 py-3 whitespace-nowrap">{order.placed}</td>
                  <td className="px-4 py-3">
                    {order.name}
                    <span className="text-muted block text-xs">{order.email}</span>
                  </td>
                  <td className="px-4 py-3 text-right">{order.itemCount}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap">
                    {formatPrice(order.totalCents, order.currency)}
                  </td>
                  <td className="text-ink-soft px-4 py-3">{order.provider === "stripe" ? "Card" : "Bank transfer"}</td>
                  <td className="px-4 py-3">
                    <OrderStatusBadge status={order.status} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? <Pager page={page} pageSize={loaderData.pageSize} total={total} href={href} items="orders" /> : null}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
