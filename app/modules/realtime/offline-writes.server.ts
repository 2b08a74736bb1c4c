// The server's side of the offline queue (spec §7 "Queued offline writes: insert, update or delete by id on a
// named table"; the browser's side is app/lib/offline-queue.ts). A replayed operation names a table, a type
// and data; only the changes the admin pages make optimistically, and a person's own notifications, are
// accepted, each through the owning module's function (so its rules, logs and page-cache events apply).
// Anything else is refused with a reason, never applied in part.
import { z } from "zod";
import { AVAILABILITY_VALUES } from "~/lib/availability";
import { COMMISSION_STAGES, MESSAGE_STATUSES } from "~/lib/inquiries";
import { getAdminArtwork, setAvailability, setFeatured, type Actor } from "~/modules/catalog/admin-catalog.server";
import { setArtistPhotoOrder, updateArtistPhoto } from "~/modules/content/artist-photos.server";
import { setSectionFlags, setSectionOrder } from "~/modules/content/homepage-admin.server";
import { setCommissionStage } from "~/modules/inbox/commission-pipeline.server";
import { setMessageStatus } from "~/modules/inbox/inbox-admin.server";
import { deleteNotification, markNotificationRead } from "./notifications.server";

const Id = z.uuid();
const Order = z.number().int().min(0).max(1_000_000);

/** An update of `table` that sets one or more of `columns` (each optional) on the row `id`. */
const someColumnsOf = <Table extends string, Columns extends z.ZodRawShape>(table: Table, columns: Columns) =>
  z.object({
    table: z.literal(table),
    type: z.literal("update"),
    data: z
      .strictObject({ id: Id, ...z.object(columns).partial().shape })
      .refine((d) => Object.keys(d).length > 1, "Nothing to change."),
  });

/** Every accepted operation: table, type and the columns it may carry (at least one besides id). */
const Operation = z.discriminatedUnion("table", [
  someColumnsOf("homepage_sections", { is_published: z.boolean(), is_active: z.boolean(), section_order: Order }),
  someColumnsOf("file_uploads", {
    is_featured_homepage: z.boolean(),
    is_featured_about: z.boolean(),
    display_order: Order,
  }),
  someColumnsOf("artworks", { is_featured: z.boolean(), availability: z.enum(AVAILABILITY_VALUES) }),
  z.object({
    table: z.literal("messages"),
    type: z.literal("update"),
    data: z.strictObject({ id: Id, status: z.enum(MESSAGE_STATUSES) }),
  }),
  z.object({
    table: z.literal("commissions"),
    type: z.literal("update"),
    data: z.strictObject({ id: Id, stage: z.enum(COMMISSION_STAGES) }),
  }),
  z.object({
    table: z.literal("notifications"),
    type: z.enum(["update", "delete"]),
    data: z.strictObject({ id: Id, read_at: z.string().max(40).optional() }),
  }),
]);
export type OfflineOperation = z.infer<typeof Operation>;

/** Tables only an administrator may write; the rest (notifications) are each person's own. */
const ADMIN_TABLES = new Set(["homepage_sections", "file_uploads", "artworks", "messages", "commissions"]);

export type ParsedOperation = { ok: true; op: OfflineOperation } | { ok: false; error: string };

/** Reads one replayed operation (the JSON the browser stored); says why when it is not one we accept. */
export function parseOperation(raw: unknown): ParsedOperation {
  let value: unknown;
  try {
    value = typeof raw === "string" ? JSON.parse(raw) : undefined;
  } catch {
    return { ok: false, error: "That change could not be read." };
  }
  const parsed = Operation.safeParse(value);
  if (parsed.success) return { ok: true, op: parsed.data };
  const table = (value as { table?: unknown } | undefined)?.table;
  const known = typeof table === "string" && (ADMIN_TABLES.has(table) || table === "notifications");
  return { ok: false, error: known ? "That change is not one that can be saved." : "That table cannot be changed." };
}

export const needsAdmin = (op: OfflineOperation): boolean => ADMIN_TABLES.has(op.table);

export class GoneError extends Error {
  constructor() {
    super("What this change was made to no longer exists.");
  }
}

/** Applies an accepted operation for `actor` (already checked: an administrator for the admin tables). */
export async function applyOperation(op: OfflineOperation, actor: Actor): Promise<void> {
  switch (op.table) {
    case "homepage_sections": {
      const { id, is_published, is_active, section_order } = op.data;
      if (is_published !== undefined || is_active !== undefined)
        await setSectionFlags(id, {
          ...(is_published === undefined ? {} : { isPublished: is_published }),
          ...(is_active === undefined ? {} : { isActive: is_active }),
        });
      if (section_order !== undefined) await setSectionOrder(id, section_order);
      return;
    }
    case "file_uploads": {
      const { id, is_featured_homepage, is_featured_about, display_order } = op.data;
      if (is_featured_homepage !== undefined || is_featured_about !== undefined)
        await updateArtistPhoto(id, {
          ...(is_featured_homepage === undefined ? {} : { isFeaturedHomepage: is_featured_homepage }),
          ...(is_featured_about === undefined ? {} : { isFeaturedAbout: is_featured_about }),
        });
      if (display_order !== undefined) await setArtistPhotoOrder(id, display_order);
      return;
    }
    case "artworks": {
      const { id, is_featured, availability } = op.data;
      if (is_featured !== undefined && !(await setFeatured(id, is_featured, actor)).found) throw new GoneError();
      // Nothing changed: the work already had it (fine), or it is gone.
      if (availability !== undefined && (await setAvailability([id], availability, actor)) === 0) {
        if (!(await getAdminArtwork(id))) throw new GoneError();
      }
      return;
    }
    case "messages":
      if ((await setMessageStatus([op.data.id], op.data.status)) === 0) throw new GoneError();
      return;
    case "commissions":
      if (!(await setCommissionStage(op.data.id, op.data.stage, actor))) throw new GoneError();
      return;
    case "notifications":
      // A notification already gone or read is fine: the change the person wanted holds.
      if (op.type === "delete") await deleteNotification(actor.id, op.data.id);
      else await markNotificationRead(actor.id, op.data.id);
      return;
  }
}
