// Stock of the catalogue: taking works out for an order, settling them as sold, putting them back.
// `quantity` is what can still be reserved (1 for an unsold original). A work whose last piece is held by an
// unpaid order is `reserved`; once every holder has paid it is `sold`. Called inside the shop's transactions.
import { sql } from "drizzle-orm";
import { queryRows, type Database } from "~/db/client.server";
import type { ImageAsset } from "~/lib/media";
import { toImageAsset } from "~/modules/media/media.server";
import { invalidateCatalogCaches } from "./catalog-cache.server";

export interface ReservedArtwork {
  id: string;
  title: string;
  medium: string;
  size: string;
  year: number | null;
  priceCents: number;
  currency: string;
  image: ImageAsset | null;
}

type Row = {
  id: string;
  title: string;
  medium: string;
  size: string;
  year: number | null;
  price_cents: number;
  currency: string;
  hash: string | null;
  width: number | null;
  height: number | null;
  widths: number[] | null;
  placeholder: string | null;
};

/**
 * Takes `quantity` pieces of a work for an order, in one conditional UPDATE: only an available, priced work
 * with enough stock matches, so of two concurrent buyers of an original exactly one gets it (the other's
 * UPDATE waits for the row lock, then finds it reserved). A work `on_hold` matches only for its holder: the
 * caller passes `heldForBuyer` after locking that buyer's live hold (modules/shop/holds.server). A work bought
 * through a private viewing room is taken by the same UPDATE at the room's price (`roomPriceCents`, read by the
 * caller from the room it locked, or from the order's line when a late payment revives a lapsed order): the
 * room may price a work the public site shows without a price. Returns the work at the price the order uses,
 * or undefined.
 */
export async function reserveArtwork(
  tx: Database,
  artworkId: string,
  quantity: number,
  heldForBuyer = false,
  roomPriceCents?: number,
): Promise<ReservedArtwork | undefined> {
  const roomPriced = roomPriceCents !== undefined && roomPriceCents > 0;
  const [row] = await queryRows<Row>(
    tx,
    sql`
    with taken as (
      update artworks set
        quantity = quantity - ${quantity},
        availability = case
          when quantity - ${quantity} = 0 then 'reserved'
          when availability = 'on_hold' then 'available'
          else availability end,
        updated_at = now()
      where id = ${artworkId}
        and (availability = 'available' or (${heldForBuyer}::boolean and availability = 'on_hold'))
        and archived_at is null
        and quantity >= ${quantity}
        and ((price_cents is not null and price_cents > 0) or ${roomPriced}::boolean)
      returning id, title, medium, size, year, price_cents, currency, main_image_id
    )
    select taken.*, m.hash, m.width, m.height, m.widths, m.placeholder
    from taken left join media_assets m on m.id = taken.main_image_id`,
  );
  if (!row) return undefined;
  return {
    id: row.id,
    title: row.title,
    medium: row.medium,
    size: row.size,
    year: row.year,
    priceCents: roomPriced ? roomPriceCents : row.price_cents,
    currency: row.currency,
    image:
      row.hash && row.width && row.height && row.widths && row.placeholder
        ? toImageAsset({
            hash: row.hash,
            width: row.width,
            height: row.height,
            widths: row.widths,
            placeholder: row.placeholder,
          })
        : null,
  };
}

/**
 * Puts the pieces an order took back (an unpaid order lapsed or was cancelled, or a sale was refunded); the work
 * is for sale again only from the state the shop put it in. An unpaid order left it `reserved`: a work the artist
 * marked sold or not for sale by hand meanwhile (sold at the studio) keeps that (docs/shop.md "Reservations and
 * expiry"). A refunded sale (`paid`) also undoes `sold`.
 */
export async function releaseArtwork(tx: Database, artworkId: string, quantity: number, paid: boolean): Promise<void> {
  await tx.execute(sql`
    update artworks set
      quantity = quantity + ${quantity},
      availability = case
        when availability = 'reserved' or (${paid}::boolean and availability = 'sold') then 'available'
        else availability end,
      updated_at = now()
    where id = ${artworkId}`);
  invalidateCatalogCaches();
}

/**
 * After a payment: a work with no pieces left and no other unpaid order holding it is sold. The caller says
 * whether other unpaid orders still hold it (those orders are the shop's to know).
 */
export async function settleArtwork(tx: Database, artworkId: string, heldByOthers: boolean): Promise<void> {
  if (heldByOthers) return;
  await tx.execute(sql`
    update artworks set availability = 'sold', updated_at = now()
    where id = ${artworkId} and quantity = 0 and availability = 'reserved'`);
}

/** Stock and availability of works (for the shop's consistency checks and the admin). */
export async function stockOf(
  tx: Database,
  artworkIds: readonly string[],
): Promise<{ id: string; quantity: number; availability: string }[]> {
  if (artworkIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select id, quantity, availability from artworks where id in (${sql.join(
      artworkIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
}
