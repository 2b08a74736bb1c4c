// Customer Management: everyone who has bought, commissioned or written, one row per e-mail address, with
// links to their orders and to the inbox (docs/admin.md).
import { Form, Link } from "react-router";
import { Pager } from "~/components/admin/pager";
import type { Route } from "./+types/customers";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { TextField } from "~/components/form/field";
import { formatDate } from "~/lib/admin-format";
import { formatPrice } from "~/lib/money";
import { CUSTOMERS_PAGE_SIZE, listCustomers } from "~/modules/admin/customers.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { adminPaths } from "~/lib/admin-paths";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const { customers, total } = await listCustomers({ q, page });
  return {
    q,
    page,
    total,
    pageSize: CUSTOMERS_PAGE_SIZE,
    pages: Math.max(1, Math.ceil(total / CUSTOMERS_PAGE_SIZE)),
    customers: customers.map((c) => ({
      ...c,
      spent: c.spentCents ? formatPrice(c.spentCents) : "—",
      firstSeen: formatDate(c.firstSeen),
      lastSeen: formatDate(c.lastSeen),
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Customer Management");

export default function Page({ loaderData }: Route.ComponentProps) {
  const { customers, q, page, pages, total } = loaderData;
  const href = (p: number) => {
    const params = new URLSearchParams();
    if (q) params.set("q", q);
    if (p > 1) params.set("page", String(p));
    return adminPaths.customers(params);
  };
  return (
    <>
      <AdminPageHeader title="Customer Management" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Everyone who has bought a work, commissioned one or written to the studio, one line per e-mail address, most
        recent first.
      </p>
      <Form method="get" className="mb-6 grid max-w-xl gap-4 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField name="q" label="Search" hint="Name or e-mail" defaultValue={q ?? ""} type="search" />
        <button type="submit" className="bg-ink text-paper h-11 rounded-full px-6 text-sm sm:mb-7">
          Search
        </button>
      </Form>
      <p className="text-muted mb-4 text-sm" aria-live="polite">
        {total} {total === 1 ? "customer" : "customers"}
      </p>
      {customers.length === 0 ? (
        <EmptyState>{q ? "Nobody matches that search." : "No customers yet."}</EmptyState>
      ) : (
        <div className="border-line overflow-x-auto rounded-md border bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Customer
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Orders
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Spent
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Commissions
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Messages
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last contact
                </th>
              </tr>
            </thead>
            <tbody>
              {customers.map((c) => (
                <tr key={c.email} className="border-line/70 border-b last:border-0">
                  <td className="px-4 py-3">
                    <span className="block font-medium">{c.name || c.email}</span>
                    <a href={`mailto:${c.email}`} className="text-muted text-xs hover:underline">
                      {c.email}
                    </a>
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {c.orders ? (
                      <Link to={adminPaths.orders(new URLSearchParams({ q: c.email }))} className="underline">
                        {c.orders}
                      </Link>
                    ) : (
                      0
                    )}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">{c.spent}</td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {c.commissions ? (
                      <Link to={adminPaths.commissions()} className="underline">
                        {c.commissions}
                      </Link>
                    ) : (
                      0
                    )}
                  </td>
                  <td className="px-4 py-3 text-right tabular-nums">
                    {c.messages ? (
                      <Link to={adminPaths.messages()} className="underline">
                        {c.messages}
                      </Link>
                    ) : (
                      0
                    )}
                  </td>
                  <td className="text-muted px-4 py-3 whitespace-nowrap">
                    {c.lastSeen}
                    <span className="block text-xs">since {c.firstSeen}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <Pager page={page} pageSize={loaderData.pageSize} total={total} href={href} items="customers" />
      ) : null}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
