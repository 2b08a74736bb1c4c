// Invoice Generation: the page's place in the admin area, awaiting the issue that builds it (docs/admin.md).
import type { Route } from "./+types/invoices";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { requireAdmin } from "~/modules/auth/session.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export const meta: Route.MetaFunction = () => adminMeta("Invoice Generation");

export default function Page() {
  return (
    <>
      <AdminPageHeader title="Invoice Generation" />
      <p className="text-ink-soft mb-6 max-w-2xl text-sm leading-relaxed">
        Invoices for sales and commission deposits, numbered in sequence, with the studio's details, and sent as PDF by
        e-mail.
      </p>
      <EmptyState>No invoices yet.</EmptyState>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
