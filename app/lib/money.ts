// Money is integer cents with a currency code; formatted only at the edge.

/** The most one price may be, in cents ($10,000,000): a work's, a room's, an invoice's amount. */
export const MAX_PRICE_CENTS = 1_000_000_000;
/** The most an order may total, in cents: what its integer columns hold ($21,474,836.47). */
export const MAX_ORDER_TOTAL_CENTS = 2_147_483_647;

// The first Intl number format a page makes costs 20 to 80 ms of main thread (ICU starting up), several
// times that on a slow phone, and every card, carousel slide and cart button formats a price while the page
// hydrates. The currencies the site sells in are written out here exactly as Intl writes them for en-US
// (money.test.ts compares the two); any other currency goes through Intl, one formatter per precision kept.
const SYMBOLS: Record<string, string> = { USD: "$", EUR: "€", GBP: "£" };

const formats = new Map<string, Intl.NumberFormat>();

function intlFormat(currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${currency} ${fractionDigits}`;
  let fmt = formats.get(key);
  if (!fmt) {
    fmt = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: 2,
    });
    formats.set(key, fmt);
  }
  return fmt;
}

/** "$1,500" for whole amounts, "$1,500.50" otherwise; "Price on request" without a price. */
export function formatPrice(cents: number | null | undefined, currency = "USD"): string {
  if (cents === null || cents === undefined) return "Price on request";
  const symbol = SYMBOLS[currency];
  if (!symbol || !Number.isSafeInteger(cents))
    return intlFormat(currency, cents % 100 === 0 ? 0 : 2).format(cents / 100);
  const abs = Math.abs(cents);
  const whole = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const fraction = abs % 100 === 0 ? "" : `.${String(abs % 100).padStart(2, "0")}`;
  return `${cents < 0 ? "-" : ""}${symbol}${whole}${fraction}`;
}
