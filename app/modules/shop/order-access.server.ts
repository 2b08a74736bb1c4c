// Who may see an order's confirmation page: the browser that placed it. Placing an order adds its id to a
// signed, httpOnly cookie (the last 10 orders, 30 days); anyone else gets a neutral page and order tracking.
import { createCookie, type Cookie } from "react-router";
import { shopSecrets } from "~/modules/security/signed-ids.server";
import { services } from "~/services.server";

const MAX_ORDERS = 10;
let cached: { secrets: string; cookie: Cookie } | undefined;

function cookie(): Cookie {
  const { config } = services();
  // Signed with the current secret; one signed with an earlier one (AUTH_PREVIOUS_SECRETS) is still read.
  const secrets = shopSecrets(config);
  if (cached?.secrets !== secrets.join("\n")) {
    cached = {
      secrets: secrets.join("\n"),
      cookie: createCookie("atelier_orders", {
        httpOnly: true,
        // Lax: sent when the buyer comes back from the card payment page (a top-level GET).
        sameSite: "lax",
        secure: config.publicUrl.startsWith("https:"),
        path: "/",
        maxAge: 30 * 86_400,
        secrets,
      }),
    };
  }
  return cached.cookie;
}

/** The ids of the orders this browser placed (empty when the cookie is missing or forged). */
export async function buyerOrderIds(request: Request): Promise<string[]> {
  const value: unknown = await cookie().parse(request.headers.get("cookie"));
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

/** A Set-Cookie header adding an order to this browser's orders. */
export async function grantOrderAccess(request: Request, orderId: string): Promise<string> {
  const ids = (await buyerOrderIds(request)).filter((id) => id !== orderId);
  return cookie().serialize([orderId, ...ids].slice(0, MAX_ORDERS));
}
