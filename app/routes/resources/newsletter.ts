import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { subscribe, SubscribeSchema } from "~/modules/inbox/newsletter.server";

const SUBSCRIBE_THANKS = "Thank you. Check your inbox and confirm your subscription.";
import { emailKey, hitRateLimit, RATE_LIMITS } from "~/modules/security/rate-limit.server";
import { readFormData } from "~/modules/security/form-data.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readFormData(request);
  const parsed = SubscribeSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) {
    return data(
      { ok: false as const, error: parsed.error.issues[0]?.message ?? "Enter a valid email address." },
      { status: 400 },
    );
  }
  // Per connection, and per address typed: nobody signs a stranger's inbox up over and over.
  const limited = [
    await hitRateLimit(`newsletter:ip:${context.clientIp}`, RATE_LIMITS.newsletter),
    await hitRateLimit(`newsletter:email:${emailKey(parsed.data.email)}`, RATE_LIMITS.newsletterEmail),
  ].find((hit) => !hit.allowed);
  if (limited)
    return data(
      { ok: false as const, error: "Too many sign-ups from here just now. Please try again later." },
      { status: 429, headers: { "retry-after": String(limited.retryAfterSeconds) } },
    );
  // Double opt-in: the same words whether the address is new, waiting or already subscribed (nobody learns
  // from this form who subscribes).
  await subscribe(parsed.data.email);
  return { ok: true as const, message: SUBSCRIBE_THANKS };
}

export function loader() {
  throw data("Not found", { status: 404 });
}
