// Newsletter: visitors' subscriptions. Owns: newsletter_subscribers. Exposes: subscribe and the counts (the admin's list is in inbox-admin.server).
import { count, isNull, sql } from "drizzle-orm";
import { z } from "zod";
import { db } from "~/db/client.server";
import { newsletterSubscribers } from "~/db/schema";

export const SubscribeSchema = z.object({
  email: z
    .string({ message: "Enter your email address." })
    .trim()
    .min(1, "Enter your email address.")
    .max(254, "That email address is too long.")
    .pipe(z.email("Enter a valid email address, like name@example.com.")),
});

/** Subscribes an address; subscribing again (or after unsubscribing) is fine and says the same. */
export async function subscribe(email: string, source = "footer"): Promise<void> {
  await db()
    .insert(newsletterSubscribers)
    .values({ email: email.toLowerCase(), source })
    .onConflictDoUpdate({ target: newsletterSubscribers.email, set: { unsubscribedAt: sql`null` } });
}

/** How many addresses are subscribed now, and in all. */
export async function countSubscribers(): Promise<{ active: number; total: number }> {
  const [row] = await db()
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${isNull(newsletterSubscribers.unsubscribedAt)})`.mapWith(Number),
    })
    .from(newsletterSubscribers);
  return { active: row?.active ?? 0, total: row?.total ?? 0 };
}
