// Analytics: the page's place in the admin area, awaiting the issue that builds it (docs/admin.md).
import type { Route } from "./+types/analytics";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { requireAdmin } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Analytics");

export default function Page() {
  return (
    <>
      <AdminPageHeader title="Analytics" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Visits, the most viewed works, inquiries and sales over time, collected on the server without third-party
        trackers.
      </p>
      <EmptyState>No analytics yet.</EmptyState>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
