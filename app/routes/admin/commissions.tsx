// Commission Pipeline: requests from the commissions page, by stage, from first request to completion. The board
// shows each stage's newest cards; the list (?view=list) every commission, searched, by stage, a page at a time;
// each commission's own page (/admin/commissions/:id) holds the quote, notes, history, payments and client link.
import { Form, Link, useFetcher, useSearchParams } from "react-router";
import { z } from "zod";
import type { ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/commissions";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { ViewLink } from "~/components/admin/view-link";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { WithNote } from "~/components/admin/table-cells";
import { FilterBar } from "~/components/admin/filter-bar";
import { Button, buttonClass } from "~/components/ui/button";
import { Panel } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { Fact } from "~/components/ui/fact";
import { labelOptions, Select } from "~/components/ui/field";
import { formatShortDate } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { withPage } from "~/lib/list-query";
import { COMMISSION_STAGES, STAGE_LABELS, type CommissionStage } from "~/lib/inquiries";
import { requireAdmin } from "~/modules/auth/session.server";
import { listCommissions, OPEN_STAGES } from "~/modules/inbox/inbox-admin.server";
import {
  CommissionListSchema,
  COMMISSIONS_PAGE_SIZE,
  listCommissionPage,
  setCommissionStage,
} from "~/modules/inbox/commission-pipeline.server";
import { displayName } from "~/modules/auth/session.server";
import { formatPrice } from "~/lib/money";
import { readListQuery, readSubmission, refuse } from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = () => adminMeta("Commission Pipeline");

type BoardCard = Awaited<ReturnType<typeof listCommissions>>["byStage"][CommissionStage][number] & {
  /** The day it was requested, in the studio's time zone. */
  requested: string;
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filter = readListQuery(request, CommissionListSchema);
  const [{ byStage, totals }, list, tz] = await Promise.all([
    listCommissions(),
    params.get("view") === "list" ? listCommissionPage(filter) : Promise.resolve(null),
    studioTimeZone(),
  ]);
  const withDay = <T extends { createdAt: Date }>(c: T) => ({ ...c, requested: formatShortDate(c.createdAt, tz) });
  return {
    byStage: Object.fromEntries(COMMISSION_STAGES.map((s) => [s, byStage[s].map(withDay)])) as Record<
      CommissionStage,
      BoardCard[]
    >,
    totals,
    openStages: OPEN_STAGES,
    list: list && { ...list, rows: list.rows.map(withDay) },
    filter,
    pageSize: COMMISSIONS_PAGE_SIZE,
  };
}

const MoveSchema = z.object({ id: z.uuid(), stage: z.enum(COMMISSION_STAGES) });

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const context = await requireAdmin(request);
  const submission = await readSubmission(request, MoveSchema);
  if (!submission.ok) return refuse("Choose a stage for the commission.");
  const { id, stage } = submission.value;
  if (!(await setCommissionStage(id, stage, { name: displayName(context) })))
    return refuse("This commission no longer exists.", 404);
  return { ok: true };
}

const STAGE_OPTIONS = labelOptions(STAGE_LABELS);

type Commission = Route.ComponentProps["loaderData"]["byStage"][CommissionStage][number];

export default function Commissions({ loaderData }: Route.ComponentProps) {
  const { byStage, totals } = loaderData;
  const [params] = useSearchParams();
  const total = COMMISSION_STAGES.reduce((n, s) => n + totals[s], 0);
  const selectedId = params.get("id");
  const selected = selectedId
    ? COMMISSION_STAGES.flatMap((s) => byStage[s]).find((c) => c.id === selectedId)
    : undefined;
  const open = loaderData.openStages.reduce((n, s) => n + totals[s], 0);
  const listing = loaderData.list;

  return (
    <>
      <AdminPageHeader
        title="Commission Pipeline"
        description={
          total === 0 ? "Requests from the commissions page appear here." : `${open} open of ${total} commissions.`
        }
      />
      <nav aria-label="Commission views" className="mb-5 flex flex-wrap gap-2">
        <ViewLink to={adminPaths.commissions()} current={!listing}>
          Board
        </ViewLink>
        <ViewLink to={adminPaths.commissions("view=list")} current={!!listing}>
          List
        </ViewLink>
      </nav>
      {listing ? (
        <CommissionList list={listing} filter={loaderData.filter} pageSize={loaderData.pageSize} />
      ) : total === 0 ? (
        <EmptyState>No commissions yet.</EmptyState>
      ) : (
        <div className={`grid gap-6 ${selected ? "xl:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]" : ""}`}>
          <div className="flex gap-3 overflow-x-auto pb-3" role="list" aria-label="Stages">
            {COMMISSION_STAGES.map((stage) => (
              <section
                key={stage}
                role="listitem"
                aria-labelledby={`stage-${stage}`}
                className="bg-paper-deep/60 w-56 shrink-0 rounded-lg p-2"
              >
                <h2 id={`stage-${stage}`} className="flex items-center justify-between px-1 py-1 font-sans text-sm">
                  {STAGE_LABELS[stage]} <span className="text-muted">{totals[stage]}</span>
                </h2>
                <ul className="mt-1 space-y-2">
                  {byStage[stage].map((c) => (
                    <CommissionCard key={c.id} commission={c} selected={c.id === selectedId} />
                  ))}
                </ul>
                {totals[stage] > byStage[stage].length ? (
                  <Link
                    to={adminPaths.commissions(new URLSearchParams({ view: "list", stage }))}
                    className="text-ink-soft mt-2 block px-1 text-xs underline underline-offset-4"
                  >
                    All {totals[stage]} {STAGE_LABELS[stage].toLowerCase()}
                  </Link>
                ) : null}
              </section>
            ))}
          </div>
          {selected ? <CommissionDetail commission={selected} /> : null}
        </div>
      )}
    </>
  );
}

function CommissionCard({ commission, selected }: { commission: Commission; selected: boolean }) {
  const fetcher = useFetcher<typeof action>();
  // Optimistic: the card shows its new stage while the change is saved; an error puts it back and says why.
  const pending = fetcher.formData?.get("stage") as CommissionStage | undefined;
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.error : undefined;
  return (
    <li
      className={`border-line rounded-md border bg-white p-3 text-sm shadow-sm ${selected ? "ring-ink ring-1" : ""} ${pending ? "opacity-60" : ""}`}
    >
      <Link
        to={adminPaths.commissions(new URLSearchParams({ id: commission.id }))}
        className="font-medium hover:underline"
        preventScrollReset
      >
        {commission.name}
      </Link>
      <p className="text-muted mt-1 line-clamp-2 text-xs">{commission.description}</p>
      <p className="text-muted mt-2 text-xs">
        {commission.budget ?? "Budget not given"} · {commission.requested}
      </p>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="id" value={commission.id} />
        <label className="sr-only" htmlFor={`stage-of-${commission.id}`}>
          Stage of {commission.name}&rsquo;s commission
        </label>
        <Select
          id={`stage-of-${commission.id}`}
          name="stage"
          value={pending ?? commission.stage}
          onChange={(e) => fetcher.submit(e.currentTarget.form)}
          options={STAGE_OPTIONS}
        />
        <noscript>
          <Button type="submit" variant="secondary" size="sm" className="mt-1">
            Move
          </Button>
        </noscript>
      </fetcher.Form>
      {failed ? (
        <p role="alert" className="text-destructive mt-1 text-xs">
          {failed}
        </p>
      ) : null}
    </li>
  );
}

function CommissionDetail({ commission }: { commission: Commission }) {
  return (
    <Panel title={commission.name} as="article" className="self-start p-5">
      <p className="text-muted text-sm">{STAGE_LABELS[commission.stage]}</p>
      <dl className="text-ink-soft mt-4 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Fact term="E-mail">
          <a className="underline underline-offset-4" href={`mailto:${commission.email}`}>
            {commission.email}
          </a>
        </Fact>
        <Fact term="Phone">{commission.phone}</Fact>
        <Fact term="Budget">{commission.budget ?? "—"}</Fact>
        <Fact term="Medium">{commission.medium ?? "—"}</Fact>
        <Fact term="Size">{commission.size ?? "—"}</Fact>
        <Fact term="Timeline">{commission.timeline ?? "—"}</Fact>
        <Fact term="Requested">{commission.requested}</Fact>
      </dl>
      <p className="border-line mt-4 border-t pt-4 text-sm leading-relaxed whitespace-pre-wrap">
        {commission.description}
      </p>
      <div className="mt-4 flex items-center justify-between gap-3">
        <Link to={adminPaths.commission(commission.id)} className={buttonClass("primary", "sm")}>
          Open the commission
        </Link>
        <Form method="get">
          <Button type="submit" variant="ghost" size="sm">
            Close
          </Button>
        </Form>
      </div>
    </Panel>
  );
}

type ListRow = NonNullable<Route.ComponentProps["loaderData"]["list"]>["rows"][number];

const LIST_COLUMNS: Column<ListRow>[] = [
  {
    header: "Client",
    cell: (c) => (
      <WithNote note={c.email}>
        <Link to={adminPaths.commission(c.id)} className="font-medium hover:underline">
          {c.name}
        </Link>
      </WithNote>
    ),
  },
  { header: "Request", className: "text-ink-soft max-w-[24rem] truncate", cell: (c) => c.description },
  { header: "Stage", className: "whitespace-nowrap", cell: (c) => STAGE_LABELS[c.stage] },
  {
    header: "Quote",
    className: "text-right whitespace-nowrap tabular-nums",
    cell: (c) => (c.quoteCents ? formatPrice(c.quoteCents) : "—"),
  },
  { header: "Requested", className: "text-muted whitespace-nowrap", cell: (c) => c.requested },
];

function CommissionList({
  list,
  filter,
  pageSize,
}: {
  list: NonNullable<Route.ComponentProps["loaderData"]["list"]>;
  filter: Route.ComponentProps["loaderData"]["filter"];
  pageSize: number;
}) {
  const [params] = useSearchParams();
  const href = (page: number) => adminPaths.commissions(withPage(params, page));
  return (
    <section aria-label="All commissions">
      <FilterBar
        label="Search commissions"
        placeholder="Name, e-mail or words"
        query={filter.q}
        selects={[
          {
            name: "stage",
            label: "Stage",
            options: [{ value: "", label: "All stages" }, ...STAGE_OPTIONS],
            value: filter.stage,
          },
        ]}
        keep={{ view: "list" }}
      />
      <DataTable
        caption="Commissions, newest first"
        columns={LIST_COLUMNS}
        rows={list.rows}
        rowKey={(c) => c.id}
        empty={filter.q || filter.stage ? "No commissions match." : "No commissions yet."}
        pager={{ page: filter.page, pageSize, total: list.total, href, items: "commissions" }}
      />
    </section>
  );
}

export const ErrorBoundary = AdminPageError;
