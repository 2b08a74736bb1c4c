// Exhibition Management: the page's place in the admin area, awaiting the issue that builds it (docs/admin.md).
import type { Route } from "./+types/exhibitions";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { requireAdmin } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Exhibition Management");

export default function Page() {
  return (
    <>
      <AdminPageHeader title="Exhibition Management" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Past and upcoming exhibitions: venue, dates and the works shown, which also feed the CV on the About page.
      </p>
      <EmptyState>No exhibitions yet.</EmptyState>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
