// Analytics: first-party page views (no cookies, no addresses) beside the orders, revenue, messages and
// commission requests the database already holds; the range (7, 30 or 90 days) is in the URL.
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/analytics";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, PageSection } from "~/components/admin/admin-page";
import { ViewLink } from "~/components/admin/view-link";
import { Card } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { formatMonth, formatMonthDay } from "~/lib/dates";
import { formatShare } from "~/lib/numbers";
import { formatPrice } from "~/lib/money";
import { pageParam } from "~/lib/pagination";
import { paths } from "~/lib/paths";
import { ANALYTICS_RANGES, type AnalyticsRange } from "~/modules/analytics/page-views";
import { analyticsReport, RANK_PAGE_SIZE } from "~/modules/analytics/reports.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { adminPaths } from "~/lib/admin-paths";
import { withPage } from "~/lib/list-query";

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const asked = Number(params.get("range"));
  const range: AnalyticsRange = (ANALYTICS_RANGES as readonly number[]).includes(asked)
    ? (asked as AnalyticsRange)
    : 30;
  const report = await analyticsReport(range, new Date(), {
    works: pageParam(params.get("works")),
    referrers: pageParam(params.get("referrers")),
    pages: pageParam(params.get("pages")),
  });
  return {
    ...report,
    rankPageSize: RANK_PAGE_SIZE,
    conversion: formatShare(report.conversion),
    viewsByDay: report.viewsByDay.map((d) => ({ ...d, label: formatMonthDay(d.day) })),
    months: report.months.map((m) => ({
      ...m,
      label: formatMonth(m.month),
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

interface RankRow {
  key: string;
  name: ReactNode;
  value: number;
}

/** One figure of the summary: its name, then the figure, large. */
function Stat({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <Card className="p-5">
      <dt className="text-muted text-xs tracking-wide uppercase">{label}</dt>
      <dd className="mt-1 font-serif text-3xl tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </Card>
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
  rows: RankRow[];
  empty: string;
  /** This table's page in the URL (`works`, `referrers`, `pages`), its total and page size. */
  pager: { param: string; page: number; total: number; pageSize: number; items: string };
}) {
  const [params] = useSearchParams();
  const href = (page: number) => `?${withPage(params, page, pager.param).toString()}`;
  const max = Math.max(0, ...rows.map((r) => r.value));
  const columns: Column<RankRow>[] = [
    { header: label, rowHeader: true, className: "w-1/2 max-w-0 truncate", cell: (r) => r.name },
    {
      header: "Share",
      hideHeader: true,
      className: "w-2/5 align-middle",
      cell: (r) => <Bar value={r.value} max={max} />,
    },
    { header: "Views", className: "text-right tabular-nums", cell: (r) => r.value },
  ];
  return (
    <PageSection title={caption}>
      <DataTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(r) => r.key}
        empty={empty}
        pager={{ page: pager.page, pageSize: pager.pageSize, total: pager.total, href, items: pager.items }}
      />
    </PageSection>
  );
}

type Report = Route.ComponentProps["loaderData"];

export default function Page({ loaderData }: Route.ComponentProps) {
  const r = loaderData;
  /** One ranking's pager: its page in the URL (`?works=2`), its total and the page size. */
  const rankPager = (param: keyof Report["rankPages"], items: string) => ({
    param,
    page: r.rankPages[param],
    total: r.rankTotals[param],
    pageSize: r.rankPageSize,
    items,
  });
  const maxDay = Math.max(0, ...r.viewsByDay.map((d) => d.views));
  const maxOrders = Math.max(0, ...r.months.map((m) => m.orders));
  const maxRevenue = Math.max(0, ...r.months.map((m) => m.revenueCents));
  const maxInquiries = Math.max(0, ...r.months.map((m) => m.messages + m.commissions));
  const dayColumns: Column<Report["viewsByDay"][number]>[] = [
    {
      header: "Day",
      rowHeader: true,
      className: "whitespace-nowrap",
      cell: (d) => <time dateTime={d.day}>{d.label}</time>,
    },
    {
      header: "Share",
      hideHeader: true,
      className: "w-3/5 align-middle",
      cell: (d) => <Bar value={d.views} max={maxDay} />,
    },
    { header: "Views", className: "text-right tabular-nums", cell: (d) => d.views },
  ];
  const monthColumns: Column<Report["months"][number]>[] = [
    { header: "Month", rowHeader: true, className: "whitespace-nowrap", cell: (m) => m.label },
    { header: "Orders", className: "text-right tabular-nums", cell: (m) => m.orders },
    {
      header: "Orders bar",
      hideHeader: true,
      className: "w-1/6 align-middle",
      cell: (m) => <Bar value={m.orders} max={maxOrders} />,
    },
    { header: "Revenue (paid)", className: "text-right whitespace-nowrap tabular-nums", cell: (m) => m.revenue },
    {
      header: "Revenue bar",
      hideHeader: true,
      className: "w-1/6 align-middle",
      cell: (m) => <Bar value={m.revenueCents} max={maxRevenue} />,
    },
    { header: "Messages", className: "text-right tabular-nums", cell: (m) => m.messages },
    { header: "Commission requests", className: "text-right tabular-nums", cell: (m) => m.commissions },
    {
      header: "Inquiries bar",
      hideHeader: true,
      className: "w-1/6 align-middle",
      cell: (m) => <Bar value={m.messages + m.commissions} max={maxInquiries} />,
    },
  ];
  return (
    <>
      <AdminPageHeader
        title="Analytics"
        description="Visits counted on the server without cookies or third-party trackers (no addresses are stored), beside the sales and inquiries the site has recorded. Days and months are the studio's, in its time zone (Settings › Shop)."
      />
      <nav aria-label="Range" className="mb-6 flex flex-wrap gap-2 text-sm">
        {ANALYTICS_RANGES.map((days) => (
          <ViewLink key={days} to={adminPaths.analytics(days)} current={days === r.range}>
            Last {days} days
          </ViewLink>
        ))}
      </nav>

      <dl className="mb-8 grid gap-4 sm:grid-cols-3" aria-label="Summary">
        <Stat label="Page views" testId="views-total">
          {r.views}
        </Stat>
        <Stat label="Orders placed">{r.ordersInRange}</Stat>
        <Stat label="Conversion (orders per view)">{r.conversion}</Stat>
      </dl>

      <PageSection title="Views by day" className="mb-8">
        <DataTable
          caption="Page views by day"
          columns={dayColumns}
          rows={r.viewsByDay}
          rowKey={(d) => d.day}
          empty="No page views in this range yet."
        />
      </PageSection>

      <div className="mb-8 grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RankTable
          caption="Most viewed works"
          label="Work"
          empty="No artwork pages viewed in this range."
          pager={rankPager("works", "works")}
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
          pager={rankPager("referrers", "sites")}
          rows={r.topReferrers.map((x) => ({ key: x.host, name: x.host, value: x.views }))}
        />
        <RankTable
          caption="Most viewed pages"
          label="Page"
          empty="No page views in this range yet."
          pager={rankPager("pages", "pages")}
          rows={r.topPages.map((p) => ({ key: p.path, name: p.path, value: p.views }))}
        />
      </div>

      <PageSection title="By month">
        <DataTable
          caption="Orders, revenue, messages and commission requests over the last 12 months"
          columns={monthColumns}
          rows={r.months}
          rowKey={(m) => m.month}
          empty="No months to show."
        />
      </PageSection>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
