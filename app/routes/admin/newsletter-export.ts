// GET /admin/newsletter/export?q=&status=: every subscriber matching the Newsletter page's filter, as CSV
// (all of them, not one page; formula-looking cells made inert).
import type { Route } from "./+types/newsletter-export";
import { requireAdmin } from "~/modules/auth/session.server";
import { readListQuery } from "~/modules/forms/submission.server";
import { SubscriberFilterSchema, subscribersCsv } from "~/modules/inbox/newsletter.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const filter = readListQuery(request, SubscriberFilterSchema);
  const csv = await subscribersCsv(filter);
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}\r\n`, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="newsletter-subscribers-${day}.csv"`,
      "cache-control": "private, no-store",
    },
  });
}
