// Status Management (/admin/status): select works, change their availability at once (available, reserved,
// sold, not for sale), optimistically; every change is logged with who and when, listed below.
import { useMemo, useState } from "react";
import { data, Form, Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/status";
import { reportAction, type ActionResult } from "~/components/admin/action-result";
import { useOfflineQueue } from "~/components/realtime/offline-queue";
import { revalidateUnlessQueued, applyQueued, type NewOperation } from "~/lib/offline-queue";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { Pager } from "~/components/admin/pager";
import { Thumb } from "~/components/admin/thumb";
import { adminButton, adminCard, adminInput, adminLabel } from "~/components/admin/ui";
import { adminArtworkSearch, parseAdminArtworkParams } from "~/lib/admin-artwork-query";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { AVAILABILITY_LABELS, AVAILABILITY_VALUES, isAvailability, type AvailabilityValue } from "~/lib/availability";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import { listAdminArtworks, listArtworkEvents, setAvailability } from "~/modules/catalog/admin-catalog.server";
import { AvailabilityFilter } from "~/components/admin/availability-filter";
import { readFormData } from "~/modules/security/form-data.server";

const PAGE_SIZE = 50;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const search = new URL(request.url).searchParams;
  const params = {
    ...parseAdminArtworkParams(search),
    sort: "title" as const,
    dir: "asc" as const,
    pageSize: PAGE_SIZE,
  };
  const [{ rows, total }, events] = await Promise.all([
    listAdminArtworks(params),
    listArtworkEvents({ limit: 30, kind: "availability" }),
  ]);
  return {
    params,
    total,
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      medium: r.medium,
      availability: r.availability,
      image: r.image,
    })),
    events: events.map((e) => ({
      id: e.id,
      artworkId: e.artworkId,
      title: e.artworkTitle,
      from: isAvailability(e.fromValue) ? AVAILABILITY_LABELS[e.fromValue] : (e.fromValue ?? ""),
      to: isAvailability(e.toValue) ? AVAILABILITY_LABELS[e.toValue] : (e.toValue ?? ""),
      actor: e.actorName,
      at: formatDateTime(e.createdAt),
    })),
  };
}

const BulkChange = z.object({
  ids: z.array(z.uuid()).min(1, "Select at least one work.").max(500),
  availability: z.enum(AVAILABILITY_VALUES, { message: "Choose an availability." }),
});

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const form = await readFormData(request);
  const parsed = BulkChange.safeParse({ ids: form.getAll("ids"), availability: form.get("availability") });
  if (!parsed.success) {
    return data<ActionResult>({ ok: false, error: parsed.error.issues[0]?.message ?? "Invalid request." }, 400);
  }
  const { ids, availability } = parsed.data;
  const changed = await setAvailability(ids, availability, { id: context.user.id, name: displayName(context) });
  const label = AVAILABILITY_LABELS[availability];
  return data<ActionResult>({
    ok: true,
    message:
      changed === 0
        ? `Nothing to change: already ${label}.`
        : `${changed} ${changed === 1 ? "work" : "works"} marked ${label}.`,
  });
}

export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not change the availability", {
    request,
    operations: offlineChanges,
  });
}

/** Offline, an availability change waits in the offline queue as one change to artworks per work. */
function offlineChanges(form: FormData): NewOperation[] | undefined {
  const availability = form.get("availability");
  if (!isAvailability(availability)) return undefined;
  return form
    .getAll("ids")
    .filter((id) => typeof id === "string")
    .map((id) => ({ type: "update", table: "artworks", data: { id, availability } }));
}

export const shouldRevalidate = revalidateUnlessQueued;

export const meta: Route.MetaFunction = () => adminMeta("Status Management");

export default function StatusPage({ loaderData }: Route.ComponentProps) {
  const { params, total, events } = loaderData;
  // Changes waiting in the offline queue show as made.
  const queue = useOfflineQueue();
  const rows = applyQueued(loaderData.rows, queue, "artworks", { availability: "availability" });
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [target, setTarget] = useState<AvailabilityValue>("sold");
  const fetcher = useFetcher<ActionResult>({ key: "status-bulk" });

  // Optimistic: while the change is on its way, the chosen works already show their new availability.
  const pending = useMemo(() => {
    const formData = fetcher.formData;
    if (!formData) return undefined;
    const availability = formData.get("availability");
    return isAvailability(availability)
      ? { ids: new Set(formData.getAll("ids") as string[]), availability }
      : undefined;
  }, [fetcher.formData]);

  const pageIds = rows.map((r) => r.id);
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function apply() {
    if (selected.size === 0) return;
    const form = new FormData();
    for (const id of selected) form.append("ids", id);
    form.set("availability", target);
    void fetcher.submit(form, { method: "post", action: adminPaths.status() });
    setSelected(new Set());
  }

  return (
    <>
      <AdminPageHeader
        title="Status Management"
        description="Select works and change their availability in one step. Every change is recorded below with who made it and when."
      />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <Form method="get" role="search" aria-label="Filter works" className="mb-3 flex flex-wrap items-end gap-3">
            <div className="min-w-48 flex-1">
              <label htmlFor="status-q" className={adminLabel}>
                Search
              </label>
              <input id="status-q" name="q" type="search" defaultValue={params.q} className={adminInput} />
            </div>
            <AvailabilityFilter id="status-filter" defaultValue={params.availability} />
            <button type="submit" className={adminButton.secondary}>
              Apply
            </button>
          </Form>

          <div
            className={`${adminCard} sticky top-16 z-20 mb-3 flex flex-wrap items-center gap-3 px-3 py-2`}
            role="region"
            aria-label="Change availability"
          >
            <p className="text-sm" aria-live="polite">
              <span className="font-medium tabular-nums">{selected.size}</span> selected
            </p>
            <label htmlFor="status-target" className="text-muted ml-auto text-sm">
              Change to
            </label>
            <select
              id="status-target"
              value={target}
              onChange={(e) => setTarget(e.currentTarget.value as AvailabilityValue)}
              className={`${adminInput} w-40`}
            >
              {AVAILABILITY_VALUES.map((v) => (
                <option key={v} value={v}>
                  {AVAILABILITY_LABELS[v]}
                </option>
              ))}
            </select>
            <button type="button" className={adminButton.primary} disabled={selected.size === 0} onClick={apply}>
              Apply to selected
            </button>
          </div>

          {rows.length === 0 ? (
            <EmptyState>No works match.</EmptyState>
          ) : (
            <div className="border-line overflow-x-auto rounded-lg border bg-white">
              <table className="w-full text-left text-sm">
                <thead className="border-line text-muted bg-paper/60 border-b text-xs">
                  <tr>
                    <th scope="col" className="w-10 px-3 py-2">
                      <input
                        type="checkbox"
                        aria-label="Select all works on this page"
                        checked={allSelected}
                        onChange={() =>
                          setSelected((current) => {
                            const next = new Set(current);
                            for (const id of pageIds) {
                              if (allSelected) next.delete(id);
                              else next.add(id);
                            }
                            return next;
                          })
                        }
                        className="accent-ink size-4"
                      />
                    </th>
                    <th scope="col" className="px-3 py-2 font-medium">
                      Work
                    </th>
                    <th scope="col" className="w-36 px-3 py-2 font-medium">
                      Availability
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => {
                    const optimistic = pending?.ids.has(row.id) ? pending.availability : undefined;
                    return (
                      <tr key={row.id} className="border-line border-b last:border-b-0" data-artwork-id={row.id}>
                        <td className="px-3 py-1.5">
                          <input
                            type="checkbox"
                            checked={selected.has(row.id)}
                            onChange={() => toggle(row.id)}
                            aria-label={`Select ${row.title}`}
                            className="accent-ink size-4"
                          />
                        </td>
                        <td className="px-3 py-1.5">
                          <div className="flex items-center gap-3">
                            <Thumb image={row.image} size={32} />
                            <div className="min-w-0">
                              <Link to={adminPaths.editArtwork(row.id)} className="font-medium hover:underline">
                                {row.title}
                              </Link>
                              <p className="text-muted truncate text-xs">{row.medium}</p>
                            </div>
                          </div>
                        </td>
                        <td className="px-3 py-1.5" aria-busy={optimistic ? true : undefined}>
                          <span className={optimistic ? "opacity-60" : undefined}>
                            <AvailabilityBadge availability={optimistic ?? row.availability} />
                          </span>
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            page={params.page}
            pageSize={PAGE_SIZE}
            total={total}
            href={(page) =>
              adminPaths.status(adminArtworkSearch({ q: params.q, availability: params.availability, page }))
            }
          />
        </div>

        <section aria-labelledby="recent-changes" className={`${adminCard} self-start p-4`}>
          <h2 id="recent-changes" className="text-lg">
            Recent changes
          </h2>
          {events.length === 0 ? (
            <p className="text-muted mt-2 text-sm">No changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-3 text-sm" data-testid="status-log">
              {events.map((e) => (
                <li key={e.id} className="border-line border-l-2 pl-3">
                  <p>
                    {e.artworkId ? (
                      <Link to={adminPaths.editArtwork(e.artworkId)} className="font-medium hover:underline">
                        {e.title}
                      </Link>
                    ) : (
                      <span className="font-medium">{e.title}</span>
                    )}
                    : {e.from} → {e.to}
                  </p>
                  <p className="text-muted text-xs">
                    {e.actor} · {e.at}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
