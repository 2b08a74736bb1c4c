// What every list of works shows of one (the shop's cards, the cart's check, the admin's table, the page's
// structured data): its name and label, and its price and availability as the shop sells it.
export interface ArtworkSummary {
  id: string;
  title: string;
  medium: string;
  size: string;
  year: number | null;
  /** null: price on request. */
  priceCents: number | null;
  currency: string;
  availability: string;
}
