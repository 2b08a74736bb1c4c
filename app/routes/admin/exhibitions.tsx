// Exhibition Management: the artist's shows grouped as upcoming, current and past (in the studio's time
// zone), with their venue, dates, kind, works and whether the About page shows them; create, edit, delete.
import { DeleteIntent } from "~/components/admin/list-intents";
import type { ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/exhibitions";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { RowLink, WithNote } from "~/components/admin/table-cells";
import { EmptyState } from "~/components/ui/empty-state";
import { ActionNotice } from "~/components/ui/notice";
import { DeleteExhibitionDialog } from "~/components/admin/delete-exhibition-dialog";
import { DataTable, type Column } from "~/components/ui/data-table";
import { requireAdmin } from "~/modules/auth/session.server";
import { EXHIBITION_TYPE_LABELS, formatDateRange, type ExhibitionPhase } from "~/modules/exhibitions/exhibition-rules";
import { deleteExhibition, listExhibitions } from "~/modules/exhibitions/exhibitions.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = () => adminMeta("Exhibition Management");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { exhibitions } = await listExhibitions();
  return {
    exhibitions: exhibitions.map((e) => ({
      id: e.id,
      title: e.title,
      venue: e.venue,
      place: [e.city, e.country].filter(Boolean).join(", "),
      dates: formatDateRange(e.startDate, e.endDate),
      type: EXHIBITION_TYPE_LABELS[e.type],
      published: e.published,
      artworkCount: e.artworkCount,
      phase: e.phase,
    })),
  };
}

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, DeleteIntent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  if (!(await deleteExhibition(submission.value.id))) return refuse("That exhibition was already deleted.", 404);
  return { ok: true, message: "Exhibition deleted." };
}

const GROUPS: { phase: ExhibitionPhase; heading: string; empty: string }[] = [
  { phase: "current", heading: "Current", empty: "Nothing on view right now." },
  { phase: "upcoming", heading: "Upcoming", empty: "No upcoming exhibitions." },
  { phase: "past", heading: "Past", empty: "No past exhibitions." },
];

type ExhibitionRow = Route.ComponentProps["loaderData"]["exhibitions"][number];

const COLUMNS: Column<ExhibitionRow>[] = [
  {
    header: "Exhibition",
    rowHeader: true,
    cell: (e) => (
      <WithNote note={[e.venue, e.place].filter(Boolean).join(", ")}>
        <RowLink to={adminPaths.editExhibition(e.id)}>{e.title}</RowLink>
      </WithNote>
    ),
  },
  { header: "Dates", className: "text-ink-soft whitespace-nowrap", cell: (e) => e.dates },
  { header: "Kind", className: "text-ink-soft", cell: (e) => e.type },
  { header: "Works", className: "text-right tabular-nums", cell: (e) => e.artworkCount },
  { header: "About page", cell: (e) => (e.published ? "Published" : "Hidden") },
  {
    header: "Actions",
    hideHeader: true,
    className: "text-right",
    cell: (e) => <DeleteExhibitionDialog id={e.id} title={e.title} />,
  },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { exhibitions } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Exhibition Management"
        description="Past and upcoming exhibitions: venue, dates and the works shown. Published ones appear on the About page."
        link={{ to: adminPaths.newExhibition(), label: "New exhibition" }}
      />
      <ActionNotice result={actionData} />
      {exhibitions.length === 0 ? (
        <EmptyState>No exhibitions yet.</EmptyState>
      ) : (
        <div className="space-y-10">
          {GROUPS.map((group) => {
            const rows = exhibitions.filter((e) => e.phase === group.phase);
            // Upcoming reads soonest first; current and past, latest first.
            if (group.phase === "upcoming") rows.reverse();
            return (
              <section key={group.phase} aria-labelledby={`${group.phase}-heading`}>
                <h2 id={`${group.phase}-heading`} className="mb-3 text-xl">
                  {group.heading} <span className="text-muted text-sm">({rows.length})</span>
                </h2>
                <DataTable
                  caption={`${group.heading} exhibitions`}
                  columns={COLUMNS}
                  rows={rows}
                  rowKey={(e) => e.id}
                  empty={group.empty}
                />
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
