// Private viewing rooms (docs/shop.md "Viewing rooms", decision 0023): a selection of works the artist shares by
// a secret link, with room prices and an expiry. Owns: viewing_rooms, viewing_room_works, viewing_room_visits.
// Exposes the admin's create/update/list/link functions, the room page's `openRoom` (which logs the open), and
// for checkout `lockLiveRoom` / `recordRoomOrder` (inside the order's transaction; lock order: hold, room, works).
import { and, count, desc, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";
import { isCalendarDay, requiredText } from "~/modules/forms/fields";
import { db, type Database } from "~/db/client.server";
import { newestFirst, pageOf } from "~/db/list-queries.server";
import { viewingRooms, viewingRoomVisits, viewingRoomWorks } from "~/db/schema";
import { paths } from "~/lib/paths";
import { endOfDayIn } from "~/lib/dates";
import {
  isRoomToken,
  newRoomToken,
  parsePriceInput,
  roomPrice,
  roomState,
  type RoomState,
  type RoomVisitKind,
} from "~/lib/rooms";
import { isUuid } from "~/lib/uuid";
import {
  getArtworksByIds,
  knownArtworkIds,
  listArtworkTitles,
  type ArtworkCard,
} from "~/modules/catalog/catalog.server";
import { services } from "~/services.server";
import { isPurchasable } from "~/lib/availability";

export const MAX_ROOM_WORKS = 50;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The admin's form. Prices arrive as typed ("1,250"); the expiry is a calendar day in the studio's time zone. */
export const RoomSchema = z.object({
  title: requiredText("Give the room a title.", 160, "Keep the title under 160 characters."),
  note: z.string().trim().max(4_000, "Keep the note under 4,000 characters.").default(""),
  recipientName: z.string().trim().max(120, "Keep the name under 120 characters.").default(""),
  recipientEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, "That e-mail address is too long.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Enter a valid e-mail address, or leave it empty.")
    .default(""),
  expiresOn: z
    .string()
    .trim()
    .regex(DAY, "Choose the last day the room is open.")
    .refine(isCalendarDay, "Choose the last day the room is open.")
    // The end of 9999-12-31 in a time zone east of UTC is in the year 10000, past what the database stores.
    .refine((day) => day < "9999-01-01", "Choose a last day before the year 9999."),
  works: z
    .array(
      z.object({
        artworkId: z.uuid("That work is not in the catalogue."),
        price: z.string().max(20, "Enter a price like 1250 or 1250.50, or leave it empty."),
      }),
    )
    .max(MAX_ROOM_WORKS, `A room shows at most ${MAX_ROOM_WORKS} works.`)
    .refine((w) => new Set(w.map((x) => x.artworkId)).size === w.length, "A work is in the room twice.")
    .superRefine((works, ctx) => {
      works.forEach((w, i) => {
        if (parsePriceInput(w.price) === undefined)
          ctx.addIssue({
            code: "custom",
            path: [i, "price"],
            message: "Enter a price like 1250 or 1250.50, or leave it empty.",
          });
      });
    }),
});
export type RoomInput = z.infer<typeof RoomSchema>;

export type Room = typeof viewingRooms.$inferSelect;

export const roomUrl = (token: string) => `${services().config.publicUrl}${paths.room(token)}`;

/** The expiry of a form's day: the end of that day in the studio's time zone (a day already over closes the room at once). */
export function expiryOf(input: Pick<RoomInput, "expiresOn">, timeZone: string): Date {
  return endOfDayIn(input.expiresOn, timeZone);
}

/** Whether the catalogue has every work a form names (an id may be typed or posted by hand, not picked). */
export async function allInCatalogue(works: RoomInput["works"]): Promise<boolean> {
  const known = await knownArtworkIds(works.map((w) => w.artworkId));
  return works.every((w) => known.has(w.artworkId));
}

async function saveWorks(tx: Database, roomId: string, works: RoomInput["works"]) {
  await tx.delete(viewingRoomWorks).where(eq(viewingRoomWorks.roomId, roomId));
  if (works.length === 0) return;
  await tx.insert(viewingRoomWorks).values(
    works.map((w, position) => ({
      roomId,
      artworkId: w.artworkId,
      position,
      priceCents: parsePriceInput(w.price) ?? null,
    })),
  );
}

/** The columns the room form sets, on creation and on edit. */
const roomColumns = (input: RoomInput, timeZone: string) => ({
  title: input.title,
  note: input.note,
  recipientName: input.recipientName,
  recipientEmail: input.recipientEmail,
  expiresAt: expiryOf(input, timeZone),
});

export async function createRoom(input: RoomInput, timeZone: string): Promise<Room> {
  return db().transaction(async (tx) => {
    const [room] = await tx
      .insert(viewingRooms)
      .values({ ...roomColumns(input, timeZone), token: newRoomToken() })
      .returning();
    await saveWorks(tx, room!.id, input.works);
    return room!;
  });
}

export async function updateRoom(id: string, input: RoomInput, timeZone: string): Promise<Room | undefined> {
  return db().transaction(async (tx) => {
    const [room] = await tx
      .update(viewingRooms)
      .set({ ...roomColumns(input, timeZone), updatedAt: new Date() })
      .where(eq(viewingRooms.id, id))
      .returning();
    if (!room) return undefined;
    await saveWorks(tx, id, input.works);
    return room;
  });
}

/** A new secret: the old link stops working at once (unknown, 404); a revoked room opens again. */
export async function regenerateRoomLink(id: string): Promise<Room | undefined> {
  const [room] = await db()
    .update(viewingRooms)
    .set({ token: newRoomToken(), revokedAt: null, updatedAt: new Date() })
    .where(eq(viewingRooms.id, id))
    .returning();
  return room;
}

/** The link is withdrawn: visitors are told the room is no longer available (410), nothing can be bought. */
export async function revokeRoomLink(id: string, now = new Date()): Promise<Room | undefined> {
  const [room] = await db()
    .update(viewingRooms)
    .set({ revokedAt: now, updatedAt: now })
    .where(eq(viewingRooms.id, id))
    .returning();
  return room;
}

// --- The admin ---------------------------------------------------------------------------------------------

export const ROOMS_PAGE_SIZE = 50;

export interface RoomListRow {
  id: string;
  title: string;
  recipientName: string;
  recipientEmail: string;
  expiresAt: Date;
  revokedAt: Date | null;
  createdAt: Date;
  works: number;
  opens: number;
  lastOpenedAt: Date | null;
}

export async function listRooms(page = 1): Promise<{ rows: RoomListRow[]; total: number }> {
  const query = db()
    .select()
    .from(viewingRooms)
    .orderBy(...newestFirst(viewingRooms))
    .$dynamic();
  const { rows: rooms, total } = await pageOf(query, db().$count(viewingRooms), page, ROOMS_PAGE_SIZE);
  const ids = rooms.map((r) => r.id);
  const works = ids.length
    ? await db()
        .select({ roomId: viewingRoomWorks.roomId, n: count() })
        .from(viewingRoomWorks)
        .where(inArray(viewingRoomWorks.roomId, ids))
        .groupBy(viewingRoomWorks.roomId)
    : [];
  const opens = ids.length
    ? await db()
        .select({ roomId: viewingRoomVisits.roomId, n: count(), last: max(viewingRoomVisits.at) })
        .from(viewingRoomVisits)
        .where(and(inArray(viewingRoomVisits.roomId, ids), eq(viewingRoomVisits.kind, "opened")))
        .groupBy(viewingRoomVisits.roomId)
    : [];
  return {
    total,
    rows: rooms.map((r) => {
      const o = opens.find((x) => x.roomId === r.id);
      return {
        id: r.id,
        title: r.title,
        recipientName: r.recipientName,
        recipientEmail: r.recipientEmail,
        expiresAt: r.expiresAt,
        revokedAt: r.revokedAt,
        createdAt: r.createdAt,
        works: works.find((x) => x.roomId === r.id)?.n ?? 0,
        opens: o?.n ?? 0,
        lastOpenedAt: o?.last ? new Date(o.last) : null,
      };
    }),
  };
}

export interface RoomWorkRow {
  artworkId: string;
  priceCents: number | null;
}

export type RoomVisit = typeof viewingRoomVisits.$inferSelect;

export const ROOM_VISITS_SHOWN = 200;

/** A room for its edit page: the room, its works in order, and the newest opens and identifications. */
export async function getRoom(
  id: string,
): Promise<{ room: Room; works: RoomWorkRow[]; visits: RoomVisit[]; visitCount: number } | undefined> {
  if (!isUuid(id)) return undefined;
  const [room] = await db().select().from(viewingRooms).where(eq(viewingRooms.id, id));
  if (!room) return undefined;
  const works = await db()
    .select({ artworkId: viewingRoomWorks.artworkId, priceCents: viewingRoomWorks.priceCents })
    .from(viewingRoomWorks)
    .where(eq(viewingRoomWorks.roomId, id))
    .orderBy(viewingRoomWorks.position);
  const visits = await db()
    .select()
    .from(viewingRoomVisits)
    .where(eq(viewingRoomVisits.roomId, id))
    .orderBy(desc(viewingRoomVisits.at), desc(viewingRoomVisits.id))
    .limit(ROOM_VISITS_SHOWN);
  const visitCount = await db().$count(viewingRoomVisits, eq(viewingRoomVisits.roomId, id));
  return { room, works, visits, visitCount };
}

/** The works the artist can put in a room (the catalogue, archived works left out). */
export const roomCandidates = () => listArtworkTitles();

// --- The room page ------------------------------------------------------------------------------------------

export interface RoomWork {
  artwork: ArtworkCard;
  /** What it costs here (room price, else public); null: inquiry only. */
  priceCents: number | null;
  publicPriceCents: number | null;
  /** Can be bought now through the room (available, priced here, in stock). */
  buyable: boolean;
}

export type OpenedRoom =
  { state: "open"; room: Room; works: RoomWork[] } | { state: Exclude<RoomState, "open"> } | { state: "unknown" };

async function roomByToken(token: string | null | undefined): Promise<Room | undefined> {
  if (!isRoomToken(token)) return undefined;
  const [room] = await db().select().from(viewingRooms).where(eq(viewingRooms.token, token));
  return room;
}

async function worksOf(roomId: string): Promise<RoomWork[]> {
  const rows = await db()
    .select()
    .from(viewingRoomWorks)
    .where(eq(viewingRoomWorks.roomId, roomId))
    .orderBy(viewingRoomWorks.position)
    .limit(MAX_ROOM_WORKS);
  const cards = await getArtworksByIds(rows.map((r) => r.artworkId));
  return rows.flatMap((row) => {
    const artwork = cards.find((c) => c.id === row.artworkId);
    if (!artwork) return [];
    const priceCents = roomPrice(artwork.priceCents, row.priceCents);
    return [
      {
        artwork,
        priceCents,
        publicPriceCents: artwork.priceCents,
        buyable: isPurchasable({ availability: artwork.availability, priceCents, quantity: artwork.quantity }),
      },
    ];
  });
}

/**
 * A visitor opens a room's link. An open room is returned with its works and, when `visit` is given, the open is
 * recorded (device summary only). An expired or revoked room says which; a token nobody has is "unknown".
 */
export async function openRoom(
  token: string | null | undefined,
  visit?: { device: string },
  now = new Date(),
): Promise<OpenedRoom> {
  const room = await roomByToken(token);
  if (!room) return { state: "unknown" };
  const state = roomState(room, now);
  if (state !== "open") return { state };
  if (visit)
    await db().insert(viewingRoomVisits).values({ roomId: room.id, kind: "opened", device: visit.device, at: now });
  return { state: "open", room, works: await worksOf(room.id) };
}

/** One work of an open room, for the checkout page or the inquiry form reached from the room. */
export async function roomOffer(
  token: string | null | undefined,
  artworkId: string,
  now = new Date(),
): Promise<{ room: Room; work: RoomWork } | undefined> {
  const room = await roomByToken(token);
  if (!room || roomState(room, now) !== "open") return undefined;
  const work = (await worksOf(room.id)).find((w) => w.artwork.id === artworkId);
  return work ? { room, work } : undefined;
}

/**
 * At checkout, inside the order's transaction and before any work is taken: the room a link names, locked (so a
 * revocation waits for the order, or the order for it), when it is open; with the price each of its works has
 * there. Undefined when the token is unknown, the room expired or was revoked.
 */
export async function lockLiveRoom(
  tx: Database,
  token: string | undefined,
  now = new Date(),
): Promise<{ room: Room; prices: Map<string, number | null> } | undefined> {
  if (!isRoomToken(token)) return undefined;
  const [room] = await tx.select().from(viewingRooms).where(eq(viewingRooms.token, token)).for("share");
  if (!room || roomState(room, now) !== "open") return undefined;
  const rows = await tx
    .select({ artworkId: viewingRoomWorks.artworkId, priceCents: viewingRoomWorks.priceCents })
    .from(viewingRoomWorks)
    .where(eq(viewingRoomWorks.roomId, room.id));
  return { room, prices: new Map(rows.map((r) => [r.artworkId, r.priceCents])) };
}

/** A visitor identified themselves (an order, an inquiry): the artist sees who, in the room's list of opens. */
export async function recordRoomVisit(
  database: Database,
  roomId: string,
  kind: Exclude<RoomVisitKind, "opened">,
  who: { name: string; email: string; artworkId?: string | null; orderId?: string | null },
): Promise<void> {
  await database.insert(viewingRoomVisits).values({
    roomId,
    kind,
    name: who.name.slice(0, 120),
    email: who.email.slice(0, 254).toLowerCase(),
    artworkId: who.artworkId ?? null,
    orderId: who.orderId ?? null,
  });
}

/** An inquiry sent from a room's work: recorded against the room when it is still open. */
export async function recordRoomInquiry(
  token: string | null | undefined,
  who: { name: string; email: string; artworkId?: string },
): Promise<void> {
  const room = await roomByToken(token);
  if (!room || roomState(room, new Date()) !== "open") return;
  await recordRoomVisit(db(), room.id, "inquired", who);
}
