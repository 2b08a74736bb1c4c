// Exhibition Management: the artist's shows grouped as upcoming, current and past (in the studio's time
// zone), with their venue, dates, kind, works and whether the About page shows them; create, edit, delete.
import { data, Link } from "react-router";
import type { Route } from "./+types/exhibitions";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState, ActionNotice } from "~/components/admin/admin-page";
import { DeleteExhibitionDialog } from "~/components/admin/delete-exhibition-dialog";
import { adminButton } from "~/components/admin/ui";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import { EXHIBITION_TYPE_LABELS, formatDateRange, type ExhibitionPhase } from "~/modules/exhibitions/exhibition-rules";
import { deleteExhibition, listExhibitions } from "~/modules/exhibitions/exhibitions.server";
import { readFormData } from "~/modules/security/form-data.server";
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

type ActionResult = { ok: true; message: string } | { ok: false; error: string };

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const id = form.get("id");
  if (form.get("intent") !== "delete" || typeof id !== "string" || !isUuid(id))
    return data<ActionResult>({ ok: false, error: "Unknown action." }, { status: 400 });
  const deleted = await deleteExhibition(id);
  if (!deleted)
    return data<ActionResult>({ ok: false, error: "That exhibition was already deleted." }, { status: 404 });
  return data<ActionResult>({ ok: true, message: "Exhibition deleted." });
}

const GROUPS: { phase: ExhibitionPhase; heading: string; empty: string }[] = [
  { phase: "current", heading: "Current", empty: "Nothing on view right now." },
  { phase: "upcoming", heading: "Upcoming", empty: "No upcoming exhibitions." },
  { phase: "past", heading: "Past", empty: "No past exhibitions." },
];

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { exhibitions } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Exhibition Management"
        description="Past and upcoming exhibitions: venue, dates and the works shown. Published ones appear on the About page."
        actions={
          <Link to={adminPaths.newExhibition()} className={adminButton.primary}>
            New exhibition
          </Link>
        }
      />
      <ActionNotice
        message={actionData?.ok ? actionData.message : null}
        error={actionData && !actionData.ok ? actionData.error : null}
      />
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
                {rows.length === 0 ? (
                  <p className="text-muted text-sm">{group.empty}</p>
                ) : (
                  <div className="border-line overflow-x-auto rounded-md border bg-white">
                    <table className="w-full text-left text-sm">
                      <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
                        <tr>
                          <th scope="col" className="px-4 py-3 font-medium">
                            Exhibition
                          </th>
                          <th scope="col" className="px-4 py-3 font-medium">
                            Dates
                          </th>
                          <th scope="col" className="px-4 py-3 font-medium">
                            Kind
                          </th>
                          <th scope="col" className="px-4 py-3 text-right font-medium">
                            Works
                          </th>
                          <th scope="col" className="px-4 py-3 font-medium">
                            About page
                          </th>
                          <th scope="col" className="px-4 py-3">
                            <span className="sr-only">Actions</span>
                          </th>
                        </tr>
                      </thead>
                      <tbody className="divide-line divide-y">
                        {rows.map((e) => (
                          <tr key={e.id} className="hover:bg-paper">
                            <th scope="row" className="px-4 py-3 font-medium">
                              <Link to={adminPaths.editExhibition(e.id)} className="underline-offset-4 hover:underline">
                                {e.title}
                              </Link>
                              <span className="text-muted block text-xs font-normal">
                                {[e.venue, e.place].filter(Boolean).join(", ")}
                              </span>
                            </th>
                            <td className="text-ink-soft px-4 py-3 whitespace-nowrap">{e.dates}</td>
                            <td className="text-ink-soft px-4 py-3">{e.type}</td>
                            <td className="px-4 py-3 text-right tabular-nums">{e.artworkCount}</td>
                            <td className="px-4 py-3">{e.published ? "Published" : "Hidden"}</td>
                            <td className="px-4 py-3 text-right">
                              <DeleteExhibitionDialog id={e.id} title={e.title} />
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                )}
              </section>
            );
          })}
        </div>
      )}
    </>
  );
}

export const ErrorBoundary = AdminPageError;
