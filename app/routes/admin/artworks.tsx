// Artwork Management (/admin/artworks): the catalogue as a table with search, filters, sort and pages (all
// server-side, in the URL), drag-and-drop order, the featured toggle, delete/archive/restore.
import { Upload } from "lucide-react";
import { data, Form, Link, useSubmit } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/artworks";
import { reportAction, type ActionResult } from "~/components/admin/action-result";
import { formText, revalidateUnlessQueued, type NewOperation } from "~/lib/offline-queue";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { ArtworksTable } from "~/components/admin/artworks-table";
import { Pager } from "~/components/admin/pager";
import { adminButton, adminInput, adminLabel } from "~/components/admin/ui";
import { ADMIN_PAGE_SIZES, adminArtworkSearch, canReorder, parseAdminArtworkParams } from "~/lib/admin-artwork-query";
import { formatDate } from "~/lib/admin-format";
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
import { AvailabilityFilter } from "~/components/admin/availability-filter";
import { readFormData } from "~/modules/security/form-data.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = parseAdminArtworkParams(new URL(request.url).searchParams);
  const [{ rows, total }, mediums] = await Promise.all([listAdminArtworks(params), listMediums()]);
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
      updated: formatDate(r.updatedAt),
      image: r.image,
    })),
  };
}

const Id = z.uuid();
const Intent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("featured"), id: Id, featured: z.enum(["true", "false"]) }),
  z.object({ intent: z.literal("reorder"), id: Id, targetId: Id, position: z.enum(["before", "after"]) }),
  z.object({ intent: z.literal("delete"), id: Id }),
  z.object({ intent: z.literal("archive"), id: Id }),
  z.object({ intent: z.literal("restore"), id: Id }),
]);

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const actor = { id: context.user.id, name: displayName(context) };
  const parsed = Intent.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) return data<ActionResult>({ ok: false, error: "That request was not understood." }, 400);
  const input = parsed.data;
  const notFound = () => data<ActionResult>({ ok: false, error: "This work no longer exists." }, 404);
  switch (input.intent) {
    case "featured": {
      const featured = input.featured === "true";
      const result = await setFeatured(input.id, featured, actor);
      if (!result.found) return notFound();
      if (featured && result.featuredCount > result.limit) {
        return data<ActionResult>({
          ok: true,
          warning: `${result.featuredCount} works are featured, but the home page shows only the first ${result.limit} in your order. Unfeature one, or move this work up, to show it there.`,
        });
      }
      return data<ActionResult>({
        ok: true,
        message: featured
          ? `Featured (${result.featuredCount} of ${result.limit} on the home page).`
          : "No longer featured.",
      });
    }
    case "reorder":
      if (!(await moveArtwork(input.id, input.targetId, input.position))) return notFound();
      return data<ActionResult>({ ok: true });
    case "delete": {
      const outcome = await removeArtwork(input.id, actor);
      if (outcome === "missing") return notFound();
      return data<ActionResult>({
        ok: true,
        message: outcome === "deleted" ? "Deleted." : "Archived instead of deleted: an order refers to this work.",
      });
    }
    case "archive":
      if (!(await archiveArtwork(input.id, actor))) return notFound();
      return data<ActionResult>({ ok: true, message: "Archived: hidden from the site." });
    case "restore":
      if (!(await restoreArtwork(input.id, actor))) return notFound();
      return data<ActionResult>({ ok: true, message: "Restored to the site." });
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
  const submit = useSubmit();
  const filtered = Boolean(params.q || params.availability || params.featured !== undefined || params.medium);
  const reorderable = canReorder(params);
  return (
    <>
      <AdminPageHeader
        title="Artwork Management"
        description={
          reorderable
            ? "Drag the handle of a row to change the order of the gallery and the home page."
            : "Sort by Order (ascending) to drag works into a new order."
        }
        actions={
          <Link to={adminPaths.upload()} className={adminButton.primary}>
            <Upload aria-hidden className="size-4" /> Upload artworks
          </Link>
        }
      />
      <Form
        method="get"
        role="search"
        aria-label="Filter artworks"
        className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(7rem,1fr))_auto] md:items-end"
        onChange={(event) => {
          // Selects apply at once; the search box waits for Enter or the button.
          if ((event.target as HTMLElement).tagName === "SELECT")
            void submit(event.currentTarget, { preventScrollReset: true });
        }}
      >
        <div className="col-span-2 md:col-span-1">
          <label htmlFor="artworks-q" className={adminLabel}>
            Search
          </label>
          <input
            id="artworks-q"
            name="q"
            type="search"
            defaultValue={params.q}
            placeholder="Title, medium, description"
            className={adminInput}
          />
        </div>
        <AvailabilityFilter id="artworks-availability" defaultValue={params.availability} />
        <div>
          <label htmlFor="artworks-featured" className={adminLabel}>
            Featured
          </label>
          <select
            id="artworks-featured"
            name="featured"
            defaultValue={params.featured === undefined ? "" : params.featured ? "yes" : "no"}
            className={adminInput}
          >
            <option value="">All</option>
            <option value="yes">Featured</option>
            <option value="no">Not featured</option>
          </select>
        </div>
        <div>
          <label htmlFor="artworks-medium" className={adminLabel}>
            Medium
          </label>
          <select id="artworks-medium" name="medium" defaultValue={params.medium ?? ""} className={adminInput}>
            <option value="">All</option>
            {mediums.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="artworks-archived" className={adminLabel}>
            Show
          </label>
          <select id="artworks-archived" name="archived" defaultValue={params.archived ?? ""} className={adminInput}>
            <option value="">On the site</option>
            <option value="only">Archived</option>
          </select>
        </div>
        {params.sort !== "order" ? <input type="hidden" name="sort" value={params.sort} /> : null}
        {params.pageSize !== ADMIN_PAGE_SIZES[0] ? <input type="hidden" name="size" value={params.pageSize} /> : null}
        <div className="col-span-2 flex gap-2 md:col-span-1">
          <button type="submit" className={adminButton.secondary}>
            Apply
          </button>
          {filtered || params.archived ? (
            <Link to={adminPaths.artworks()} className={adminButton.ghost}>
              Clear
            </Link>
          ) : null}
        </div>
      </Form>

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
