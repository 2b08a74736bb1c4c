import { data } from "react-router";
import type { Route } from "./+types/stripe-webhook";
import { handleStripeWebhook } from "~/modules/shop/stripe-webhook.server";

/** POST /webhooks/stripe: Stripe's events about card payments (signature-verified in the module). */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  // The signature covers the exact bytes: read the body as text, unparsed.
  const payload = await request.text();
  const answer = await handleStripeWebhook(payload, request.headers.get("stripe-signature"));
  return new Response(answer.body, { status: answer.status, headers: { "content-type": "text/plain" } });
}

export function loader() {
  throw data("Not found", { status: 404 });
}
