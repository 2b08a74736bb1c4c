// Customer Management: everyone who has bought, commissioned or written, one row per e-mail address, with
// links to their orders and to the inbox (docs/admin.md).
import { Link } from "react-router";
import type { Route } from "./+types/customers";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { WithNote } from "~/components/admin/table-cells";
import { FilterBar } from "~/components/admin/filter-bar";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatShortDate } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { pageParam } from "~/lib/pagination";
import { CUSTOMERS_PAGE_SIZE, listCustomers } from "~/modules/admin/customers.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery } from "~/lib/list-query";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = pageParam(params);
  const [{ customers, total }, tz] = await Promise.all([listCustomers({ q, page }), studioTimeZone()]);
  return {
    q,
    page,
    total,
    pageSize: CUSTOMERS_PAGE_SIZE,
    customers: customers.map((c) => ({
      ...c,
      spent: c.spentCents ? formatPrice(c.spentCents) : "—",
      firstSeen: formatShortDate(c.firstSeen, tz),
      lastSeen: formatShortDate(c.lastSeen, tz),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Customer Management");

type CustomerRow = Route.ComponentProps["loaderData"]["customers"][number];

/** A count linked to where its items are managed, or a plain 0. */
const countLink = (count: number, to: string) =>
  count ? (
    <Link to={to} className="underline">
      {count}
    </Link>
  ) : (
    0
  );

const COLUMNS: Column<CustomerRow>[] = [
  {
    header: "Customer",
    cell: (c) => (
      <WithNote
        note={
          <a href={`mailto:${c.email}`} className="hover:underline">
            {c.email}
          </a>
        }
      >
        <span className="block font-medium">{c.name || c.email}</span>
      </WithNote>
    ),
  },
  {
    header: "Orders",
    className: "text-right tabular-nums",
    cell: (c) => countLink(c.orders, adminPaths.orders(new URLSearchParams({ q: c.email }))),
  },
  { header: "Spent", className: "text-right tabular-nums", cell: (c) => c.spent },
  {
    header: "Commissions",
    className: "text-right tabular-nums",
    cell: (c) => countLink(c.commissions, adminPaths.commissions()),
  },
  {
    header: "Messages",
    className: "text-right tabular-nums",
    cell: (c) => countLink(c.messages, adminPaths.messages()),
  },
  {
    header: "Last contact",
    className: "text-muted whitespace-nowrap",
    cell: (c) => (
      <>
        {c.lastSeen}
        <span className="block text-xs">since {c.firstSeen}</span>
      </>
    ),
  },
];

export default function Page({ loaderData }: Route.ComponentProps) {
  const { customers, q, page, total, pageSize } = loaderData;
  const href = (p: number) => adminPaths.customers(listQuery({ q }, p));
  return (
    <>
      <AdminPageHeader title="Customer Management" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Everyone who has bought a work, commissioned one or written to the studio, one line per e-mail address, most
        recent first.
      </p>
      <FilterBar label="Search" hint="Name or e-mail" query={q} />
      <DataTable
        caption="Customers, most recent contact first"
        columns={COLUMNS}
        rows={customers}
        rowKey={(c) => c.email}
        empty={q ? "Nobody matches that search." : "No customers yet."}
        pager={{ page, pageSize, total, href, items: "customers" }}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
