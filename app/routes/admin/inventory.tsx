// Inventory Management (/admin/inventory): the stock of every work on the site (availability, quantity,
// price, stock value), filtered by availability, stock and medium. Edits happen on each work's page.
import { Form, Link } from "react-router";
import type { Route } from "./+types/inventory";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { Pager } from "~/components/admin/pager";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard, adminInput, adminLabel } from "~/components/admin/ui";
import { adminPaths } from "~/lib/admin-paths";
import { isAvailability } from "~/lib/availability";
import { formatPrice } from "~/lib/money";
import { requireAdmin } from "~/modules/auth/session.server";
import { listInventory, listMediums } from "~/modules/catalog/admin-catalog.server";
import { AvailabilityFilter } from "~/components/admin/availability-filter";

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const availability = search.get("availability");
  const stock = search.get("stock");
  const medium = search.get("medium")?.trim() || undefined;
  const pageParam = Number(search.get("page"));
  const page = Number.isInteger(pageParam) && pageParam > 0 ? pageParam : 1;
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
      offset: (page - 1) * PAGE_SIZE,
    }),
    listMediums(),
  ]);
  return { ...inventory, filters, page, mediums };
}

export const meta: Route.MetaFunction = () => adminMeta("Inventory Management");

export default function Inventory({ loaderData }: Route.ComponentProps) {
  const { rows, total, units, stockValueCents, filters, page, mediums } = loaderData;
  const query = (p: number) => {
    const search = new URLSearchParams();
    if (filters.availability) search.set("availability", filters.availability);
    if (filters.stock) search.set("stock", filters.stock);
    if (filters.medium) search.set("medium", filters.medium);
    if (p > 1) search.set("page", String(p));
    return adminPaths.inventory(search);
  };
  return (
    <>
      <AdminPageHeader
        title="Inventory Management"
        description="Stock of every work on the site. Originals have a quantity of 1; editions more. Change a work's stock on its page."
      />
      <dl className="mb-4 grid grid-cols-3 gap-3">
        <div className={`${adminCard} p-3`}>
          <dt className="text-muted text-xs">Works</dt>
          <dd className="font-serif text-2xl tabular-nums">{total}</dd>
        </div>
        <div className={`${adminCard} p-3`}>
          <dt className="text-muted text-xs">Units in stock</dt>
          <dd className="font-serif text-2xl tabular-nums">{units}</dd>
        </div>
        <div className={`${adminCard} p-3`}>
          <dt className="text-muted text-xs">Value of available stock</dt>
          <dd className="font-serif text-2xl tabular-nums">{formatPrice(stockValueCents)}</dd>
        </div>
      </dl>
      <Form method="get" aria-label="Filter inventory" className="mb-3 flex flex-wrap items-end gap-3">
        <AvailabilityFilter id="inventory-availability" defaultValue={filters.availability} />
        <div>
          <label htmlFor="inventory-stock" className={adminLabel}>
            Stock
          </label>
          <select id="inventory-stock" name="stock" defaultValue={filters.stock ?? ""} className={adminInput}>
            <option value="">All</option>
            <option value="in">In stock</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="inventory-medium" className={adminLabel}>
            Medium
          </label>
          <select id="inventory-medium" name="medium" defaultValue={filters.medium ?? ""} className={adminInput}>
            <option value="">All</option>
            {mediums.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={adminButton.secondary}>
          Apply
        </button>
      </Form>
      {rows.length === 0 ? (
        <EmptyState>No works match.</EmptyState>
      ) : (
        <div className="border-line overflow-x-auto rounded-lg border bg-white">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="border-line text-muted bg-paper/60 border-b text-xs">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Work
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Availability
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Quantity
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Price
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Stock value
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id} className="border-line border-b last:border-b-0">
                  <td className="px-3 py-1.5">
                    <div className="flex items-center gap-3">
                      <Thumb image={row.image} size={32} />
                      <div className="min-w-0">
                        <Link to={adminPaths.editArtwork(row.id)} className="font-medium hover:underline">
                          {row.title}
                        </Link>
                        <p className="text-muted truncate text-xs">
                          {[row.medium, row.size].filter(Boolean).join(" · ")}
                        </p>
                      </div>
                    </div>
                  </td>
                  <td className="px-3 py-1.5">
                    <AvailabilityBadge availability={row.availability} />
                  </td>
                  <td className={`px-3 py-1.5 text-right tabular-nums ${row.quantity === 0 ? "text-destructive" : ""}`}>
                    {row.quantity}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {row.priceCents === null ? (
                      <span className="text-muted">On request</span>
                    ) : (
                      formatPrice(row.priceCents, row.currency)
                    )}
                  </td>
                  <td className="px-3 py-1.5 text-right tabular-nums">
                    {row.priceCents === null || row.availability !== "available"
                      ? "—"
                      : formatPrice(row.priceCents * row.quantity, row.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageSize={PAGE_SIZE} total={total} href={query} />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
