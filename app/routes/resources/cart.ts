import { data } from "react-router";
import type { Route } from "./+types/cart";
import type { CartCheckLine } from "~/lib/cart";
import { getArtworksByIds } from "~/modules/catalog/catalog.server";
import { isPurchasable } from "~/lib/availability";

/**
 * GET /api/cart?ids=a,b: the works of a cart as they are now. The cart lives in the browser; whenever it is
 * shown (drawer, checkout) this re-checks prices, availability and stock on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const ids = (new URL(request.url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
  const works = await getArtworksByIds(ids);
  const lines: CartCheckLine[] = works.map((a) => ({
    id: a.id,
    title: a.title,
    medium: a.medium,
    size: a.size,
    year: a.year,
    priceCents: a.priceCents,
    currency: a.currency,
    availability: a.availability,
    quantity: a.quantity,
    buyable: isPurchasable(a),
  }));
  return data({ lines }, { headers: { "cache-control": "no-store" } });
}
