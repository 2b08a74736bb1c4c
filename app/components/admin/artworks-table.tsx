// Artwork Management's table: sortable columns, drag-and-drop reordering (while the table shows the artist's
// order), the featured toggle and delete/archive, each applied optimistically (spec §4).
import { closestCenter, DndContext, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, ArrowUpDown, GripVertical, Pencil, Star } from "lucide-react";
import { useMemo } from "react";
import { Link, useFetcher, useFetchers, useSubmit } from "react-router";
import type { AdminArtworkParams, AdminArtworkSort } from "~/lib/admin-artwork-query";
import { adminArtworkSearch, DEFAULT_DIRECTION } from "~/lib/admin-artwork-query";
import { adminPaths } from "~/lib/admin-paths";
import type { AvailabilityValue } from "~/lib/availability";
import type { ArtworkSummary } from "~/lib/artwork";
import type { ImageAsset } from "~/lib/media";
import { formatPrice } from "~/lib/money";
import { applyMove, moveForDrag, type Move } from "~/lib/reorder";
import { AvailabilityBadge } from "./availability-badge";
import { useOfflineQueue } from "~/components/realtime/offline-queue";
import type { ActionResult } from "~/lib/action-result";
import { applyQueued } from "~/lib/offline-queue";
import { buttonClass } from "~/components/ui/button";
import { rowClass, TableFrame, Td, Th } from "~/components/ui/data-table";
import { useReorderSensors } from "~/components/ui/sortable-list";
import { DeleteArtworkDialog } from "./delete-artwork-dialog";
import { WorkCell } from "./work-cell";

export interface ArtworkTableRow extends ArtworkSummary {
  availability: AvailabilityValue;
  quantity: number;
  isFeatured: boolean;
  archived: boolean;
  updated: string;
  image: ImageAsset | null;
}

const REORDER_KEY = "reorder:";
const QUEUED_FIELDS = { is_featured: "isFeatured", availability: "availability" } as const;

/** The moves still on their way to the server, oldest first. */
function usePendingMoves(): Move[] {
  const fetchers = useFetchers();
  return fetchers
    .filter((f) => f.key.startsWith(REORDER_KEY) && f.formData)
    .map((f) => ({
      id: f.formData!.get("id") as string,
      targetId: f.formData!.get("targetId") as string,
      position: f.formData!.get("position") === "after" ? "after" : "before",
    }));
}

export function ArtworksTable({
  rows: loaded,
  params,
  reorderable,
}: {
  rows: ArtworkTableRow[];
  params: AdminArtworkParams;
  reorderable: boolean;
}) {
  const submit = useSubmit();
  // Changes waiting in the offline queue show as made.
  const queue = useOfflineQueue();
  const rows = useMemo(() => applyQueued(loaded, queue, "artworks", QUEUED_FIELDS), [loaded, queue]);
  const pendingMoves = usePendingMoves();
  const ordered = useMemo(() => {
    const byId = new Map(rows.map((r) => [r.id, r]));
    const ids = pendingMoves.reduce(
      (order, move) => applyMove(order, move),
      rows.map((r) => r.id),
    );
    return ids.map((id) => byId.get(id)!);
  }, [rows, pendingMoves]);

  const sensors = useReorderSensors();

  function onDragEnd(event: DragEndEvent) {
    if (!event.over) return;
    const move = moveForDrag(
      ordered.map((r) => r.id),
      String(event.active.id),
      String(event.over.id),
    );
    if (!move) return;
    void submit(
      { intent: "reorder", ...move },
      { method: "post", navigate: false, fetcherKey: `${REORDER_KEY}${Date.now()}`, action: adminPaths.artworks() },
    );
  }

  const sortHeader = (label: string, sort: AdminArtworkSort, className?: string) => {
    const active = params.sort === sort;
    const nextDir = active ? (params.dir === "asc" ? "desc" : "asc") : DEFAULT_DIRECTION[sort];
    const Icon = !active ? ArrowUpDown : params.dir === "asc" ? ArrowUp : ArrowDown;
    return (
      <Th aria-sort={active ? (params.dir === "asc" ? "ascending" : "descending") : undefined} className={className}>
        <Link
          to={`?${adminArtworkSearch({ ...params, sort, dir: nextDir, page: 1 })}`}
          className={`hover:text-ink inline-flex items-center gap-1 ${active ? "text-ink" : ""}`}
          preventScrollReset
        >
          {label}
          <Icon aria-hidden className="size-3.5" />
        </Link>
      </Th>
    );
  };

  return (
    <div className="overflow-x-auto">
      <DndContext id="artwork-order" sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        <TableFrame
          caption="Artworks"
          className="min-w-[44rem]"
          head={
            <>
              <Th hidden className="w-8">
                Drag to reorder
              </Th>
              {sortHeader("Order", "order", "w-16")}
              {sortHeader("Title", "title")}
              {sortHeader("Year", "year", "w-20")}
              {sortHeader("Price", "price", "w-28 text-right")}
              <Th className="w-28">Availability</Th>
              <Th className="w-20 text-center">Featured</Th>
              {sortHeader("Updated", "updated", "hidden w-32 lg:table-cell")}
              <Th hidden className="w-24 text-right">
                Actions
              </Th>
            </>
          }
        >
          <SortableContext items={ordered.map((r) => r.id)} strategy={verticalListSortingStrategy}>
            {ordered.map((row, index) => (
              <ArtworkRow
                key={row.id}
                row={row}
                position={(params.page - 1) * params.pageSize + index + 1}
                reorderable={reorderable}
              />
            ))}
          </SortableContext>
        </TableFrame>
      </DndContext>
    </div>
  );
}

function ArtworkRow({ row, position, reorderable }: { row: ArtworkTableRow; position: number; reorderable: boolean }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: row.id,
    disabled: !reorderable,
  });
  const remover = useFetcher<ActionResult>({ key: `remove:${row.id}` });
  const removing = remover.state !== "idle";
  return (
    <tr
      ref={setNodeRef}
      data-artwork-id={row.id}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`${rowClass} ${isDragging ? "bg-paper relative z-10 shadow-md" : "hover:bg-paper/50"} ${
        removing ? "opacity-40" : ""
      }`}
    >
      <Td>
        {reorderable ? (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Move ${row.title}`}
            className="text-muted hover:text-ink inline-flex size-7 cursor-grab touch-none items-center justify-center rounded active:cursor-grabbing"
          >
            <GripVertical aria-hidden className="size-4" />
          </button>
        ) : null}
      </Td>
      <Td className="text-muted tabular-nums">{position}</Td>
      {/* Takes the room the other columns leave, 12rem at least (the table scrolls sideways on a phone); a long
          line under the title is cut short. */}
      <Td className="w-full max-w-0 min-w-48">
        <WorkCell
          id={row.id}
          title={row.title}
          image={row.image}
          detail={[row.medium, row.size, row.quantity !== 1 ? `${row.quantity} in stock` : ""]
            .filter(Boolean)
            .join(" · ")}
        />
      </Td>
      <Td className="tabular-nums">{row.year ?? "—"}</Td>
      <Td className="text-right tabular-nums">
        {row.priceCents === null ? (
          <span className="text-muted">On request</span>
        ) : (
          formatPrice(row.priceCents, row.currency)
        )}
      </Td>
      <Td>
        <AvailabilityBadge availability={row.availability} />
      </Td>
      <Td className="text-center">
        <FeaturedToggle id={row.id} title={row.title} featured={row.isFeatured} disabled={row.archived} />
      </Td>
      <Td className="text-muted hidden text-xs lg:table-cell">{row.updated}</Td>
      <Td>
        <div className="flex items-center justify-end gap-1">
          <Link
            to={adminPaths.editArtwork(row.id)}
            className={buttonClass("ghost", "icon")}
            aria-label={`Edit ${row.title}`}
          >
            <Pencil aria-hidden className="size-4" />
          </Link>
          <DeleteArtworkDialog id={row.id} title={row.title} archived={row.archived} fetcher={remover} />
        </div>
      </Td>
    </tr>
  );
}

/** Spec §4: the star turns at once; it turns back if the server refuses (the pending state simply ends). */
function FeaturedToggle({
  id,
  title,
  featured,
  disabled,
}: {
  id: string;
  title: string;
  featured: boolean;
  disabled: boolean;
}) {
  const fetcher = useFetcher<ActionResult>({ key: `featured:${id}` });
  const pending = fetcher.formData?.get("featured");
  const shown = pending !== undefined && pending !== null ? pending === "true" : featured;
  return (
    <fetcher.Form method="post" action={adminPaths.artworks()}>
      <input type="hidden" name="intent" value="featured" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="featured" value={String(!shown)} />
      <button
        type="submit"
        disabled={disabled}
        aria-pressed={shown}
        aria-label={`Featured: ${title}`}
        data-pending={fetcher.state !== "idle" || undefined}
        className={buttonClass("ghost", "icon", fetcher.state !== "idle" ? "animate-pulse" : undefined)}
      >
        <Star
          aria-hidden
          className={`size-4 ${shown ? "fill-accent text-accent" : "text-muted"}`}
          strokeWidth={shown ? 1.5 : 2}
        />
      </button>
    </fetcher.Form>
  );
}
