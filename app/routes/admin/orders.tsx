import type { Route } from "./+types/orders";
import { AdminPageError } from "~/components/admin/admin-error";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { RowLink, WithNote } from "~/components/admin/table-cells";
import { OrderStatusBadge } from "~/components/admin/order-status-badge";
import { FilterBar, statusSelect } from "~/components/admin/filter-bar";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatDateTime } from "~/lib/dates";
import { adminMeta } from "~/components/admin/admin-meta";
import { formatPrice } from "~/lib/money";
import { requireAdmin } from "~/modules/auth/session.server";
import { getSettings } from "~/modules/settings/settings.server";
import { parseOrderFilters } from "~/modules/shop/admin-orders.server";
import { ORDER_STATUS_LABELS } from "~/modules/shop/order-status";
import { listOrders } from "~/modules/shop/orders.server";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery } from "~/lib/list-query";

const PAGE_SIZE = 30;

export const meta: Route.MetaFunction = () => adminMeta("Orders");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filters = parseOrderFilters(new URL(request.url).searchParams);
  const [{ orders, total }, settings] = await Promise.all([
    listOrders({ ...filters, pageSize: PAGE_SIZE }),
    getSettings(),
  ]);
  return {
    filters,
    total,
    pageSize: PAGE_SIZE,
    orders: orders.map((o) => ({ ...o, placed: formatDateTime(o.createdAt, settings.shop.timeZone) })),
  };
}

type OrderRow = Route.ComponentProps["loaderData"]["orders"][number];

const COLUMNS: Column<OrderRow>[] = [
  {
    header: "Order",
    rowHeader: true,
    cell: (order) => <RowLink to={adminPaths.order(order.id)}>{order.number}</RowLink>,
  },
  { header: "Placed", className: "text-ink-soft whitespace-nowrap", cell: (order) => order.placed },
  {
    header: "Buyer",
    cell: (order) => <WithNote note={order.email}>{order.name}</WithNote>,
  },
  { header: "Works", className: "text-right", cell: (order) => order.itemCount },
  {
    header: "Total",
    className: "text-right whitespace-nowrap",
    cell: (order) => formatPrice(order.totalCents, order.currency),
  },
  {
    header: "Payment",
    className: "text-ink-soft",
    cell: (order) => (order.provider === "stripe" ? "Card" : "Bank transfer"),
  },
  { header: "Status", cell: (order) => <OrderStatusBadge status={order.status} /> },
];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, total, pageSize } = loaderData;
  const href = (p: number) => adminPaths.orders(listQuery({ status: filters.status, q: filters.q }, p));
  return (
    <>
      <AdminPageHeader title="Orders" />
      <FilterBar
        label="Search"
        hint="Order number, name or e-mail"
        query={filters.q}
        selects={[statusSelect(ORDER_STATUS_LABELS, filters.status)]}
        submitLabel="Filter"
      />
      <DataTable
        caption="Orders, newest first"
        columns={COLUMNS}
        rows={orders}
        rowKey={(order) => order.id}
        empty="No orders match."
        pager={{ page: filters.page, pageSize, total, href, items: "orders" }}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
