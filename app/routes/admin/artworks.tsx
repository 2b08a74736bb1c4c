// Artwork Management (/admin/artworks): the catalogue as a table with search, filters, sort and pages (all
// server-side, in the URL), drag-and-drop order, the featured toggle, delete/archive/restore.
import { Upload } from "lucide-react";
import { Link } from "react-router";
import { z } from "zod";
import { DeleteIntent } from "~/components/admin/list-intents";
import type { Route } from "./+types/artworks";
import { reportAction } from "~/components/admin/action-result";
import type { ActionResult } from "~/lib/action-result";
import { formText } from "~/lib/form-data";
import { revalidateUnlessQueued } from "~/lib/offline-revalidate";
import { type NewOperation } from "~/lib/offline-queue";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { EmptyState } from "~/components/ui/empty-state";
import { ArtworksTable } from "~/components/admin/artworks-table";
import { availabilityFilter, CatalogFilters, choiceFilter, mediumFilter } from "~/components/admin/catalog-filters";
import { Pager } from "~/components/ui/pager";
import { ADMIN_PAGE_SIZES, adminArtworkSearch, canReorder, parseAdminArtworkParams } from "~/lib/admin-artwork-query";
import { formatShortDate } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import {
  archiveArtwork,
  listAdminArtworks,
  listMediums,
  moveArtwork,
  removeArtwork,
  restoreArtwork,
  setFeatured,
} from "~/modules/catalog/admin-catalog.server";
import { displayName, requireAdmin } from "~/modules/auth/session.server";
import { NOT_UNDERSTOOD, readSubmission, refuse } from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseAdminArtworkParams(new URL(request.url).searchParams);
  const [{ rows, total }, mediums, tz] = await Promise.all([
    listAdminArtworks(params),
    listMediums(),
    studioTimeZone(),
  ]);
  return {
    params,
    total,
    mediums,
    rows: rows.map((r) => ({
      id: r.id,
      title: r.title,
      medium: r.medium,
      size: r.size,
      year: r.year,
      priceCents: r.priceCents,
      currency: r.currency,
      availability: r.availability,
      quantity: r.quantity,
      isFeatured: r.isFeatured,
      archived: r.archivedAt !== null,
      updated: formatShortDate(r.updatedAt, tz),
      image: r.image,
    })),
  };
}

const Id = z.uuid();
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("featured"), id: Id, featured: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("reorder"), id: Id, targetId: Id, position: z.enum(["before", "after"]) }),
  DeleteIntent,
  z.object({ intent: z.literal("archive"), id: Id }),
  z.object({ intent: z.literal("restore"), id: Id }),
]);

export async function action({
  request,
}: Route.ActionArgs): Promise<ActionResult<{ removed?: "deleted" | "archived" }> | ReturnType<typeof refuse>> {
  const context = await requireAdmin(request);
  const actor = { id: context.user.id, name: displayName(context) };
  const submission = await readSubmission(request, Intent);
  if (!submission.ok) return refuse(NOT_UNDERSTOOD);
  const input = submission.value;
  const notFound = () => refuse("This work no longer exists.", 404);
  switch (input.intent) {
    case "featured": {
      const featured = input.featured === "true";
      const result = await setFeatured(input.id, featured, actor);
      if (!result.found) return notFound();
      if (featured && result.featuredCount > result.limit) {
        return {
          ok: true,
          warning: `${result.featuredCount} works are featured, but the home page shows only the first ${result.limit} in your order. Unfeature one, or move this work up, to show it there.`,
        };
      }
      return {
        ok: true,
        message: featured
          ? `Featured (${result.featuredCount} of ${result.limit} on the home page).`
          : "No longer featured.",
      };
    }
    case "reorder":
      if (!(await moveArtwork(input.id, input.targetId, input.position))) return notFound();
      return { ok: true };
    case "delete": {
      const outcome = await removeArtwork(input.id, actor);
      if (outcome === "missing") return notFound();
      return {
        ok: true,
        // The work's edit page leaves for the list once the work is gone (an archived one stays).
        removed: outcome,
        message: outcome === "deleted" ? "Deleted." : "Archived instead of deleted: an order refers to this work.",
      };
    }
    case "archive":
      if (!(await archiveArtwork(input.id, actor))) return notFound();
      return { ok: true, message: "Archived: hidden from the site." };
    case "restore":
      if (!(await restoreArtwork(input.id, actor))) return notFound();
      return { ok: true, message: "Restored to the site." };
  }
}

export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not update the artwork", { request, operations: offlineChanges });
}

/** Offline, the featured star waits in the offline queue as a change to artworks (the rest needs a connection). */
function offlineChanges(form: FormData): NewOperation[] | undefined {
  if (form.get("intent") !== "featured") return undefined;
  return [
    {
      type: "update",
      table: "artworks",
      data: { id: formText(form, "id"), is_featured: form.get("featured") === "true" },
    },
  ];
}

export const shouldRevalidate = revalidateUnlessQueued;

export const meta: Route.MetaFunction = () => adminMeta("Artwork Management");

export default function Artworks({ loaderData }: Route.ComponentProps) {
  const { params, rows, total, mediums } = loaderData;
  const filtered = Boolean(params.q || params.availability || params.featured !== undefined || params.medium);
  const reorderable = canReorder(params);
  const kept: Record<string, string> = {};
  if (params.sort !== "order") kept.sort = params.sort;
  if (params.pageSize !== ADMIN_PAGE_SIZES[0]) kept.size = String(params.pageSize);
  return (
    <>
      <AdminPageHeader
        title="Artwork Management"
        description={
          reorderable
            ? "Drag the handle of a row to change the order of the gallery and the home page."
            : "Sort by Order (ascending) to drag works into a new order."
        }
        link={{ to: adminPaths.upload(), label: "Upload artworks", icon: Upload }}
      />
      <CatalogFilters
        label="Filter artworks"
        search={{ value: params.q, placeholder: "Title, medium, description" }}
        filters={[
          availabilityFilter(params.availability),
          choiceFilter("featured", "Featured", params.featured === undefined ? "" : params.featured ? "yes" : "no", [
            { value: "yes", label: "Featured" },
            { value: "no", label: "Not featured" },
          ]),
          mediumFilter(mediums, params.medium),
          {
            name: "archived",
            label: "Show",
            value: params.archived,
            options: [
              { value: "", label: "On the site" },
              { value: "only", label: "Archived" },
            ],
          },
        ]}
        hidden={kept}
        clearHref={filtered || params.archived ? adminPaths.artworks() : undefined}
        applyOnChange
      />

      {rows.length === 0 ? (
        <EmptyState>
          {filtered ? (
            "No works match these filters."
          ) : params.archived ? (
            "No archived works."
          ) : (
            <>
              No artworks yet.{" "}
              <Link to={adminPaths.upload()} className="text-ink underline underline-offset-4">
                Upload the first ones
              </Link>
              .
            </>
          )}
        </EmptyState>
      ) : (
        <ArtworksTable rows={rows} params={params} reorderable={reorderable} />
      )}
      <Pager
        page={params.page}
        pageSize={params.pageSize}
        total={total}
        href={(page) => adminPaths.artworks(adminArtworkSearch({ ...params, page }))}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
