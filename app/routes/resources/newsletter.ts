import { data } from "react-router";
import type { Route } from "./+types/newsletter";
import { subscribe, SubscribeSchema } from "~/modules/inbox/newsletter.server";

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = SubscribeSchema.safeParse({ email: form.get("email") });
  if (!parsed.success) {
    return data(
      { ok: false as const, error: parsed.error.issues[0]?.message ?? "Enter a valid email address." },
      { status: 400 },
    );
  }
  await subscribe(parsed.data.email);
  return { ok: true as const, message: "Thank you for subscribing. Watch your inbox for new work." };
}

export function loader() {
  throw data("Not found", { status: 404 });
}
