// Status Management (/admin/status): select works, change their availability at once (available, reserved,
// sold, not for sale), optimistically; every change is logged with who and when, listed below.
import { useMemo, useState } from "react";
import { Link, useFetcher } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/status";
import { reportAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/lib/action-result";
import { useOfflineQueue } from "~/components/realtime/offline-queue";
import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import { applyQueued, type NewOperation } from "~/lib/offline-queue";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { HistoryEntry } from "~/components/admin/history-entry";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { AvailabilityBadge } from "~/components/admin/availability-badge";
import { availabilityFilter, CatalogFilters } from "~/components/admin/catalog-filters";
import { WorkCell } from "~/components/admin/work-cell";
import { Button } from "~/components/ui/button";
import { cardClass, Panel } from "~/components/ui/card";
import { rowClass, TableFrame, Td, Th } from "~/components/ui/data-table";
import { EmptyState } from "~/components/ui/empty-state";
import { labelOptions, Select } from "~/components/ui/field";
import { Pager } from "~/components/ui/pager";
import { adminArtworkSearch, parseAdminArtworkParams } from "~/lib/admin-artwork-query";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { AVAILABILITY_LABELS, AVAILABILITY_VALUES, isAvailability, type AvailabilityValue } from "~/lib/availability";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import {
  AvailabilityRefused,
  listAdminArtworks,
  listArtworkEvents,
  setAvailability,
} from "~/modules/catalog/admin-catalog.server";
import { firstMessage, formList, readSubmission, refuse } from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

const TARGETS = labelOptions(AVAILABILITY_LABELS);

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
  const [{ rows, total }, events, tz] = await Promise.all([
    listAdminArtworks(params),
    listArtworkEvents({ limit: 30, kind: "availability" }),
    studioTimeZone(),
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
      at: formatShortDateTime(e.createdAt, tz),
    })),
  };
}

const BulkChange = z.object({
  ids: formList(z.uuid()).check(z.minLength(1, "Select at least one work."), z.maxLength(500)),
  availability: z.enum(AVAILABILITY_VALUES, { message: "Choose an availability." }),
});

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const context = await requireAdmin(request);
  const submission = await readSubmission(request, BulkChange);
  // No one types here (the bar's selection and select): the first reason is the message.
  if (!submission.ok) return refuse(firstMessage(submission.failure));
  const { ids, availability } = submission.value;
  let changed: number;
  try {
    changed = await setAvailability(ids, availability, { id: context.user.id, name: displayName(context) });
  } catch (error) {
    // An unpaid order or an approved hold keeps a work: nothing changed, the notice says which and why.
    if (error instanceof AvailabilityRefused) return refuse(error.message, 409);
    throw error;
  }
  const label = AVAILABILITY_LABELS[availability];
  return {
    ok: true,
    message:
      changed === 0
        ? `Nothing to change: already ${label}.`
        : `${changed} ${changed === 1 ? "work" : "works"} marked ${label}.`,
  };
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
  const fetcher = useFetcher<typeof action>({ key: "status-bulk" });

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

  const selectAll = () =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of pageIds) {
        if (allSelected) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  return (
    <>
      <AdminPageHeader
        title="Status Management"
        description="Select works and change their availability in one step. Every change is recorded below with who made it and when."
      />
      <div className="grid gap-6 xl:grid-cols-[1fr_22rem]">
        <div className="min-w-0">
          <CatalogFilters
            label="Filter works"
            search={{ value: params.q }}
            filters={[availabilityFilter(params.availability)]}
          />

          <div
            className={`${cardClass} sticky top-16 z-20 mb-3 flex flex-wrap items-center gap-3 px-3 py-2`}
            role="region"
            aria-label="Change the selected works"
          >
            <p className="text-sm" aria-live="polite">
              <span className="font-medium tabular-nums">{selected.size}</span> selected
            </p>
            <label htmlFor="status-target" className="text-muted ml-auto text-sm">
              Change to
            </label>
            <div className="w-40">
              <Select
                id="status-target"
                value={target}
                onChange={(e) => setTarget(e.currentTarget.value as AvailabilityValue)}
                options={TARGETS}
              />
            </div>
            <Button type="button" size="sm" disabled={selected.size === 0} onClick={apply}>
              Update selected
            </Button>
          </div>

          {rows.length === 0 ? (
            <EmptyState>No works match.</EmptyState>
          ) : (
            <TableFrame
              caption="Works and their status"
              head={
                <>
                  <Th className="w-10">
                    <input
                      type="checkbox"
                      aria-label="Select all works on this page"
                      checked={allSelected}
                      onChange={selectAll}
                      className="accent-ink size-4"
                    />
                  </Th>
                  <Th>Work</Th>
                  <Th>Availability</Th>
                </>
              }
            >
              {rows.map((row) => {
                const optimistic = pending?.ids.has(row.id) ? pending.availability : undefined;
                return (
                  <tr key={row.id} className={rowClass} data-artwork-id={row.id}>
                    <Td>
                      <input
                        type="checkbox"
                        checked={selected.has(row.id)}
                        onChange={() => toggle(row.id)}
                        aria-label={`Select ${row.title}`}
                        className="accent-ink size-4"
                      />
                    </Td>
                    <Td>
                      <WorkCell id={row.id} title={row.title} image={row.image} detail={row.medium} thumbSize={32} />
                    </Td>
                    <Td aria-busy={optimistic ? true : undefined}>
                      <span className={optimistic ? "opacity-60" : undefined}>
                        <AvailabilityBadge availability={optimistic ?? row.availability} />
                      </span>
                    </Td>
                  </tr>
                );
              })}
            </TableFrame>
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

        <Panel title="Recent changes" className="self-start p-4">
          {events.length === 0 ? (
            <p className="text-muted mt-2 text-sm">No changes yet.</p>
          ) : (
            <ol className="mt-3 space-y-3 text-sm" data-testid="status-log">
              {events.map((e) => (
                <HistoryEntry key={e.id} by={e.actor} at={e.at}>
                  {e.artworkId ? (
                    <Link to={adminPaths.editArtwork(e.artworkId)} className="font-medium hover:underline">
                      {e.title}
                    </Link>
                  ) : (
                    <span className="font-medium">{e.title}</span>
                  )}
                  : {e.from} → {e.to}
                </HistoryEntry>
              ))}
            </ol>
          )}
        </Panel>
      </div>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
