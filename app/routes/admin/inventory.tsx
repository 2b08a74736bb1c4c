// Inventory Management (/admin/inventory): the stock of every work on the site (availability, quantity,
// price, stock value), filtered by availability, stock and medium. Edits happen on each work's page.
import type { Route } from "./+types/inventory";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { availabilityFilter, CatalogFilters, choiceFilter, mediumFilter } from "~/components/admin/catalog-filters";
import { WorkCell } from "~/components/admin/work-cell";
import { cardClass } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery } from "~/lib/list-query";
import { isAvailability } from "~/lib/availability";
import { formatPrice } from "~/lib/money";
import { pageOffset, pageParam } from "~/lib/pagination";
import { requireAdmin } from "~/modules/auth/session.server";
import { listInventory, listMediums } from "~/modules/catalog/admin-catalog.server";

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const availability = search.get("availability");
  const stock = search.get("stock");
  const medium = search.get("medium")?.trim() || undefined;
  const page = pageParam(search);
  const filters = {
    availability: isAvailability(availability) ? availability : undefined,
    stock: stock === "in" || stock === "out" ? stock : undefined,
    medium: medium && medium.length <= 200 ? medium : undefined,
  };
  const [inventory, mediums] = await Promise.all([
    listInventory({
      availability: filters.availability,
      inStock: filters.stock === undefined ? undefined : filters.stock === "in",
      medium: filters.medium,
      limit: PAGE_SIZE,
      offset: pageOffset(page, PAGE_SIZE),
    }),
    listMediums(),
  ]);
  return { ...inventory, filters, page, mediums };
}

export const meta: Route.MetaFunction = () => adminMeta("Inventory Management");

type InventoryRow = Route.ComponentProps["loaderData"]["rows"][number];

const price = (row: InventoryRow) =>
  row.priceCents === null ? <span className="text-muted">On request</span> : formatPrice(row.priceCents, row.currency);

const COLUMNS: Column<InventoryRow>[] = [
  {
    header: "Work",
    cell: (row) => (
      <WorkCell
        id={row.id}
        title={row.title}
        image={row.image}
        detail={[row.medium, row.size].filter(Boolean).join(" · ")}
        thumbSize={32}
      />
    ),
  },
  { header: "Availability", cell: (row) => <AvailabilityBadge availability={row.availability} /> },
  {
    header: "Quantity",
    className: "text-right tabular-nums",
    cell: (row) => <span className={row.quantity === 0 ? "text-destructive" : undefined}>{row.quantity}</span>,
  },
  { header: "Price", className: "text-right tabular-nums", cell: price },
  {
    header: "Stock value",
    className: "text-right tabular-nums",
    cell: (row) =>
      row.priceCents === null || row.availability !== "available"
        ? "—"
        : formatPrice(row.priceCents * row.quantity, row.currency),
  },
];

export default function Inventory({ loaderData }: Route.ComponentProps) {
  const { rows, total, units, stockValueCents, filters, page, mediums } = loaderData;
  const query = (p: number) =>
    adminPaths.inventory(
      listQuery({ availability: filters.availability, stock: filters.stock, medium: filters.medium }, p),
    );
  return (
    <>
      <AdminPageHeader
        title="Inventory Management"
        description="Stock of every work on the site. Originals have a quantity of 1; editions more. Change a work's stock on its page."
      />
      <dl className="mb-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className={`${cardClass} p-3`}>
          <dt className="text-muted text-xs">Works</dt>
          <dd className="font-serif text-2xl tabular-nums">{total}</dd>
        </div>
        <div className={`${cardClass} p-3`}>
          <dt className="text-muted text-xs">Units in stock</dt>
          <dd className="font-serif text-2xl tabular-nums">{units}</dd>
        </div>
        <div className={`${cardClass} col-span-2 p-3 sm:col-span-1`}>
          <dt className="text-muted text-xs">Value of available stock</dt>
          <dd className="font-serif text-2xl tabular-nums">{formatPrice(stockValueCents)}</dd>
        </div>
      </dl>
      <CatalogFilters
        label="Filter inventory"
        filters={[
          availabilityFilter(filters.availability),
          choiceFilter("stock", "Stock", filters.stock, [
            { value: "in", label: "In stock" },
            { value: "out", label: "Out of stock" },
          ]),
          mediumFilter(mediums, filters.medium),
        ]}
      />
      <DataTable
        caption="Works on the site with their stock"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        empty="No works match."
        pager={{ page, pageSize: PAGE_SIZE, total, href: query }}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
