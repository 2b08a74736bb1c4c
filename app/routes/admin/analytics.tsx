// Analytics: first-party page views (no cookies, no addresses) beside the orders, revenue, messages and
// commission requests the database already holds; the range (7, 30 or 90 days) is in the URL.
import { Link, useSearchParams } from "react-router";
import { Pager } from "~/components/admin/pager";
import type { Route } from "./+types/analytics";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { formatPrice } from "~/lib/money";
import { paths } from "~/lib/paths";
import { ANALYTICS_RANGES, type AnalyticsRange } from "~/modules/analytics/page-views";
import { analyticsReport, RANK_PAGE_SIZE } from "~/modules/analytics/reports.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const asked = Number(new URL(request.url).searchParams.get("range"));
  const range: AnalyticsRange = (ANALYTICS_RANGES as readonly number[]).includes(asked)
    ? (asked as AnalyticsRange)
    : 30;
  const params = new URL(request.url).searchParams;
  const pageOf = (name: string) => Math.max(1, Math.min(10_000, Number.parseInt(params.get(name) ?? "1", 10) || 1));
  const report = await analyticsReport(range, new Date(), {
    works: pageOf("works"),
    referrers: pageOf("referrers"),
    pages: pageOf("pages"),
  });
  const monthName = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
  const dayName = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return {
    ...report,
    rankPageSize: RANK_PAGE_SIZE,
    conversion: report.conversion === null ? "—" : `${(report.conversion * 100).toFixed(2)} %`,
    viewsByDay: report.viewsByDay.map((d) => ({ ...d, label: dayName.format(new Date(`${d.day}T00:00:00Z`)) })),
    months: report.months.map((m) => ({
      ...m,
      label: monthName.format(new Date(`${m.month}-01T00:00:00Z`)),
      revenue: m.revenueCents ? formatPrice(m.revenueCents) : "—",
    })),
  };
}

/** A bar as wide as its share of the largest value, drawn with CSS (no chart library). */
function Bar({ value, max }: { value: number; max: number }) {
  const width = max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <span aria-hidden className="bg-paper-deep block h-2 w-full rounded-full">
      <span className="bg-accent block h-2 rounded-full" style={{ width: `${width}%` }} />
    </span>
  );
}

function RankTable({
  caption,
  label,
  rows,
  empty,
  pager,
}: {
  caption: string;
  label: string;
  rows: { key: string; name: React.ReactNode; value: number }[];
  empty: string;
  /** This table's page in the URL (`works`, `referrers`, `pages`), its total and page size. */
  pager: { param: string; page: number; total: number; pageSize: number; items: string };
}) {
  const [params] = useSearchParams();
  const href = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set(pager.param, String(page));
    else next.delete(pager.param);
    return `?${next.toString()}`;
  };
  const max = Math.max(0, ...rows.map((r) => r.value));
  return (
    <section aria-label={caption} className="border-line rounded-md border bg-white p-5">
      <h2 className="mb-3 text-lg">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-muted text-sm">{empty}</p>
      ) : (
        <table className="w-full text-left text-sm">
          <thead className="text-muted text-xs tracking-wide uppercase">
            <tr>
              <th scope="col" className="py-2 font-medium">
                {label}
              </th>
              <th scope="col" className="w-2/5 py-2 font-medium">
                <span className="sr-only">Share</span>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Views
              </th>
            </tr>
          </thead>
          <tbody className="divide-line divide-y">
            {rows.map((r) => (
              <tr key={r.key}>
                <th scope="row" className="max-w-[16rem] truncate py-2 pr-3 font-normal">
                  {r.name}
                </th>
                <td className="py-2 pr-3">
                  <Bar value={r.value} max={max} />
                </td>
                <td className="py-2 text-right tabular-nums">{r.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pager.total > pager.pageSize ? (
        <Pager page={pager.page} pageSize={pager.pageSize} total={pager.total} href={href} items={pager.items} />
      ) : null}
    </section>
  );
}

export default function Page({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  const maxDay = Math.max(0, ...r.viewsByDay.map((d) => d.views));
  const maxOrders = Math.max(0, ...r.months.map((m) => m.orders));
  const maxRevenue = Math.max(0, ...r.months.map((m) => m.revenueCents));
  const maxInquiries = Math.max(0, ...r.months.map((m) => m.messages + m.commissions));
  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description="Visits counted on the server without cookies or third-party trackers (no addresses are stored), beside the sales and inquiries the site has recorded."
      />
      <nav aria-label="Range" className="mb-6 flex flex-wrap gap-2 text-sm">
        {ANALYTICS_RANGES.map((days) => (
          <Link
            key={days}
            to={adminPaths.analytics(days)}
            aria-current={days === r.range ? "page" : undefined}
            className={`rounded-full border px-4 py-1.5 ${days === r.range ? "bg-ink text-paper border-ink" : "border-line hover:border-ink/40 bg-white"}`}
          >
            Last {days} days
          </Link>
        ))}
      </nav>

      <dl className="mb-8 grid gap-4 sm:grid-cols-3" aria-label="Summary">
        <div className="border-line rounded-md border bg-white p-5">
          <dt className="text-muted text-xs tracking-wide uppercase">Page views</dt>
          <dd className="mt-1 font-serif text-3xl tabular-nums" data-testid="views-total">
            {r.views}
          </dd>
        </div>
        <div className="border-line rounded-md border bg-white p-5">
          <dt className="text-muted text-xs tracking-wide uppercase">Orders placed</dt>
          <dd className="mt-1 font-serif text-3xl tabular-nums">{r.ordersInRange}</dd>
        </div>
        <div className="border-line rounded-md border bg-white p-5">
          <dt className="text-muted text-xs tracking-wide uppercase">Conversion (orders per view)</dt>
          <dd className="mt-1 font-serif text-3xl tabular-nums">{r.conversion}</dd>
        </div>
      </dl>

      <section aria-label="Views by day" className="border-line mb-8 rounded-md border bg-white p-5">
        <h2 className="mb-3 text-lg">Views by day</h2>
        {r.viewsByDay.length === 0 ? (
          <p className="text-muted text-sm">No page views in this range yet.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead className="text-muted text-xs tracking-wide uppercase">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  Day
                </th>
                <th scope="col" className="w-3/5 py-1 font-medium">
                  <span className="sr-only">Share</span>
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Views
                </th>
              </tr>
            </thead>
            <tbody>
              {r.viewsByDay.map((d) => (
                <tr key={d.day}>
                  <th scope="row" className="py-1 pr-3 font-normal whitespace-nowrap">
                    <time dateTime={d.day}>{d.label}</time>
                  </th>
                  <td className="py-1 pr-3">
                    <Bar value={d.views} max={maxDay} />
                  </td>
                  <td className="py-1 text-right tabular-nums">{d.views}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <div className="mb-8 grid gap-6 lg:grid-cols-3">
        <RankTable
          caption="Most viewed works"
          label="Work"
          empty="No artwork pages viewed in this range."
          pager={{
            param: "works",
            page: r.rankPages.works,
            total: r.rankTotals.works,
            pageSize: r.rankPageSize,
            items: "works",
          }}
          rows={r.topArtworks.map((a) => ({
            key: a.key,
            name: a.slug ? (
              <Link to={paths.artwork(a.slug)} className="underline-offset-4 hover:underline">
                {a.title}
              </Link>
            ) : (
              <span className="text-muted">{a.key} (removed)</span>
            ),
            value: a.views,
          }))}
        />
        <RankTable
          caption="Referring sites"
          label="Site"
          empty="No visits from other sites in this range."
          pager={{
            param: "referrers",
            page: r.rankPages.referrers,
            total: r.rankTotals.referrers,
            pageSize: r.rankPageSize,
            items: "sites",
          }}
          rows={r.topReferrers.map((x) => ({ key: x.host, name: x.host, value: x.views }))}
        />
        <RankTable
          caption="Most viewed pages"
          label="Page"
          empty="No page views in this range yet."
          pager={{
            param: "pages",
            page: r.rankPages.pages,
            total: r.rankTotals.pages,
            pageSize: r.rankPageSize,
            items: "pages",
          }}
          rows={r.topPages.map((p) => ({ key: p.path, name: p.path, value: p.views }))}
        />
      </div>

      <section aria-label="By month" className="border-line overflow-x-auto rounded-md border bg-white p-5">
        <h2 className="mb-3 text-lg">By month</h2>
        <table className="w-full text-left text-sm">
          <caption className="sr-only">
            Orders, revenue, messages and commission requests over the last 12 months
          </caption>
          <thead className="text-muted text-xs tracking-wide uppercase">
            <tr>
              <th scope="col" className="py-2 font-medium">
                Month
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Orders
              </th>
              <th scope="col" className="w-1/6 py-2">
                <span className="sr-only">Orders bar</span>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Revenue (paid)
              </th>
              <th scope="col" className="w-1/6 py-2">
                <span className="sr-only">Revenue bar</span>
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Messages
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                Commission requests
              </th>
              <th scope="col" className="w-1/6 py-2">
                <span className="sr-only">Inquiries bar</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-line divide-y">
            {r.months.map((m) => (
              <tr key={m.month}>
                <th scope="row" className="py-2 pr-3 font-normal whitespace-nowrap">
                  {m.label}
                </th>
                <td className="py-2 text-right tabular-nums">{m.orders}</td>
                <td className="px-3 py-2">
                  <Bar value={m.orders} max={maxOrders} />
                </td>
                <td className="py-2 text-right whitespace-nowrap tabular-nums">{m.revenue}</td>
                <td className="px-3 py-2">
                  <Bar value={m.revenueCents} max={maxRevenue} />
                </td>
                <td className="py-2 text-right tabular-nums">{m.messages}</td>
                <td className="py-2 text-right tabular-nums">{m.commissions}</td>
                <td className="px-3 py-2">
                  <Bar value={m.messages + m.commissions} max={maxInquiries} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
