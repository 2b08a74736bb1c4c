// Customer Management: the page's place in the admin area, awaiting the issue that builds it (docs/admin.md).
import type { Route } from "./+types/customers";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { requireAdmin } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Customer Management");

export default function Page() {
  return (
    <>
      <AdminPageHeader title="Customer Management" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Everyone who has bought a work, commissioned one or written to the studio, with their orders, commissions and
        messages in one place.
      </p>
      <EmptyState>No customers yet.</EmptyState>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
