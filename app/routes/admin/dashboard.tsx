// The admin dashboard (/admin): the catalogue's counts, revenue, open commissions, unread messages, the
// latest orders and inquiries and the latest changes, each linking to the page that manages it.
import { ArrowRight, Upload } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { z } from "zod";
import { requiredText } from "~/modules/forms/fields";
import type { Route } from "./+types/dashboard";
import { AdminPageError } from "~/components/admin/admin-error";
import { AnnouncementForm } from "~/components/admin/announcement-form";
import type { ActionResult } from "~/lib/action-result";
import { ANNOUNCEMENT, MAX_ANNOUNCEMENT_LENGTH } from "~/lib/realtime";
import { BROADCASTS_PER_MINUTE, realtimeHub } from "~/modules/realtime/hub.server";
import { readSubmission, refuse } from "~/modules/forms/submission.server";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { cardClass } from "~/components/ui/card";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { AVAILABILITY_LABELS, isAvailability } from "~/lib/availability";
import { formatPrice } from "~/lib/money";
import { dashboardSummary } from "~/modules/admin/dashboard.server";
import { requireAdmin } from "~/modules/auth/session.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import { FEATURED_LIMIT } from "~/modules/catalog/catalog.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [summary, tz] = await Promise.all([dashboardSummary(), studioTimeZone()]);
  const when = <T extends { at: Date }>(item: T) => ({ ...item, at: formatShortDateTime(item.at, tz) });
  return {
    ...summary,
    latestOrders: summary.latestOrders.map(when),
    latestInquiries: summary.latestInquiries.map(when),
    mailOn: Boolean(services().config.smtpUrl),
    featuredLimit: FEATURED_LIMIT,
    recentChanges: summary.recentChanges.map((e) => ({
      id: e.id,
      artworkId: e.artworkId,
      title: e.artworkTitle,
      text: describeEvent(e.kind, e.fromValue, e.toValue),
      actor: e.actorName,
      at: formatShortDateTime(e.createdAt, tz),
    })),
  };
}

function describeEvent(kind: string, from: string | null, to: string | null): string {
  const label = (v: string | null) => (isAvailability(v) ? AVAILABILITY_LABELS[v] : (v ?? ""));
  switch (kind) {
    case "availability":
      return `${label(from)} → ${label(to)}`;
    case "featured":
      return to === "true" ? "featured" : "no longer featured";
    default:
      return kind;
  }
}

const AnnouncementInput = z.object({
  intent: z.literal("announce"),
  text: requiredText(
    "Write the message first.",
    MAX_ANNOUNCEMENT_LENGTH,
    `Keep it under ${MAX_ANNOUNCEMENT_LENGTH} characters.`,
  ),
});

/** Sends the studio's announcement to every open page of a signed-in visitor. */
export async function action({
  request,
}: Route.ActionArgs): Promise<ActionResult<{ reached: number }> | ReturnType<typeof refuse>> {
  const admin = await requireAdmin(request);
  const submission = await readSubmission(request, AnnouncementInput);
  if (!submission.ok) return refuse(submission.failure);
  const hub = realtimeHub();
  const sent = hub.broadcast(
    { id: admin.user.id, email: admin.user.email, name: admin.user.name, isAdmin: true },
    ANNOUNCEMENT,
    { text: submission.value.text },
  );
  if (sent === "too-many")
    return refuse(`That is ${BROADCASTS_PER_MINUTE} messages in a minute already. Wait a moment.`, 429);
  if (sent === "refused") return refuse("This message cannot be sent.");
  // People, not sockets: with several processes this hub holds only its own sockets, presence holds everyone.
  return { ok: true, reached: hub.presence().length };
}

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const {
    counts,
    revenue,
    subscribers,
    mail,
    recentChanges,
    openCommissions,
    unreadMessages,
    featuredLimit,
    mailOn,
    latestInquiries,
    latestOrders,
  } = loaderData;
  const money = (cents: number) => formatPrice(cents, revenue.currency);
  return (
    <>
      <AdminPageHeader
        title="Dashboard"
        description="The studio at a glance."
        link={{ to: adminPaths.upload(), label: "Upload artworks", icon: Upload }}
      />
      <section aria-label="Catalogue" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Artworks"
          value={counts.artworks}
          to={adminPaths.artworks()}
          note={counts.archived ? `${counts.archived} archived` : "On the site"}
        />
        <Stat
          label="Available"
          value={counts.available}
          to={adminPaths.artworks("availability=available")}
          note={counts.reserved ? `${counts.reserved} reserved` : "For sale now"}
        />
        <Stat
          label="Sold"
          value={counts.sold}
          to={adminPaths.artworks("availability=sold")}
          note={counts.notForSale ? `${counts.notForSale} not for sale` : "All time"}
        />
        <Stat
          label="Featured"
          value={counts.featured}
          to={adminPaths.artworks("featured=yes")}
          note={
            counts.featured > featuredLimit
              ? `Home page shows the first ${featuredLimit}`
              : `of ${featuredLimit} on the home page`
          }
          warn={counts.featured > featuredLimit}
        />
      </section>
      <section aria-label="Business" className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat
          label="Revenue this month"
          value={money(revenue.thisMonthCents)}
          to={adminPaths.orders()}
          note={revenue.fromOrders ? "Paid orders" : "No orders yet"}
        />
        <Stat
          label="Revenue all time"
          value={money(revenue.allTimeCents)}
          to={adminPaths.orders()}
          note={revenue.fromOrders ? "Paid orders" : "No orders yet"}
        />
        <Stat
          label="Open commissions"
          value={openCommissions ?? "—"}
          to={adminPaths.commissions()}
          note="In the pipeline"
        />
        <Stat
          label="Unread messages"
          value={unreadMessages}
          to={adminPaths.messages()}
          note={`${subscribers.active} newsletter subscribers`}
        />
      </section>

      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <Panel title="Latest orders" to={adminPaths.orders()} linkLabel="All orders">
          <PanelList items={latestOrders} empty="No orders yet.">
            {(o) => (
              <>
                <Link to={adminPaths.order(o.id)} className="font-medium hover:underline">
                  {o.label}
                </Link>
                <span className="text-ink-soft tabular-nums">{money(o.totalCents)}</span>
              </>
            )}
          </PanelList>
        </Panel>
        <Panel title="Latest inquiries" to={adminPaths.messages()} linkLabel="All messages">
          <PanelList items={latestInquiries} empty="No inquiries yet.">
            {(m) => (
              <Link
                to={adminPaths.messages(new URLSearchParams({ id: m.id }))}
                className="min-w-0 truncate hover:underline"
              >
                <span className={m.status === "new" ? "font-semibold" : "font-medium"}>{m.from}</span>{" "}
                <span className="text-ink-soft">{m.subject}</span>
              </Link>
            )}
          </PanelList>
        </Panel>
        <Panel title="Recent changes" to={adminPaths.status()} linkLabel="All changes">
          <PanelList items={recentChanges} empty="No changes yet.">
            {(change) => (
              <span className="min-w-0 truncate">
                {change.artworkId ? (
                  <Link to={adminPaths.editArtwork(change.artworkId)} className="font-medium hover:underline">
                    {change.title}
                  </Link>
                ) : (
                  <span className="font-medium">{change.title}</span>
                )}{" "}
                <span className="text-ink-soft">{change.text}</span>
              </span>
            )}
          </PanelList>
        </Panel>
        <Panel title="Mail" to={adminPaths.outbox()} linkLabel="Outbox">
          {!mailOn && (
            <p role="alert" className="border-accent/30 bg-accent-soft mt-2 rounded-md border px-3 py-2 text-sm">
              Mail is not being sent: <code>SMTP_URL</code> is not set. Order confirmations and replies wait in the{" "}
              <Link to={adminPaths.outbox()} className="underline underline-offset-4">
                outbox
              </Link>
              .
            </p>
          )}
          <dl className="grid grid-cols-4 gap-2 py-2 text-center text-sm">
            {(["sent", "logged", "pending", "failed"] as const).map((status) => (
              <div key={status} className={status === "failed" && mail.failed > 0 ? "text-destructive" : undefined}>
                <dt className="text-muted text-xs capitalize">{status}</dt>
                <dd className="mt-0.5 text-lg tabular-nums">{mail[status]}</dd>
              </div>
            ))}
          </dl>
        </Panel>
      </div>
      <AnnouncementForm />
    </>
  );
}

function Stat({
  label,
  value,
  to,
  note,
  warn,
}: {
  label: string;
  value: ReactNode;
  to: string;
  note: string;
  warn?: boolean;
}) {
  return (
    <Link to={to} className={`${cardClass} group block p-4 transition-colors hover:border-ink/30`}>
      <p className="text-muted text-xs">{label}</p>
      <p className="mt-1 font-serif text-3xl tabular-nums">{value}</p>
      <p className={`mt-1 text-xs ${warn ? "text-accent" : "text-muted"}`}>{note}</p>
    </Link>
  );
}

/**
 * A panel's list of the latest things, one line per item (the key is its `id`) ending with when it happened
 * (`at`), or what to say when there is none.
 */
function PanelList<T extends { id: string; at: string }>({
  items,
  empty,
  children,
}: {
  items: T[];
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (items.length === 0) return <p className="text-muted py-6 text-center text-sm">{empty}</p>;
  return (
    <ul className="divide-line divide-y text-sm">
      {items.map((item) => (
        <li key={item.id} className="flex items-baseline justify-between gap-3 py-2">
          {children(item)}
          <span className="text-muted shrink-0 text-xs">{item.at}</span>
        </li>
      ))}
    </ul>
  );
}

function Panel({
  title,
  to,
  linkLabel,
  children,
}: {
  title: string;
  to: string;
  linkLabel: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section className={`${cardClass} p-4`} aria-labelledby={id}>
      <div className="mb-2 flex items-center justify-between gap-3">
        <h2 id={id} className="text-lg">
          {title}
        </h2>
        <Link to={to} className="text-muted hover:text-ink inline-flex items-center gap-1 text-xs">
          {linkLabel} <ArrowRight aria-hidden className="size-3" />
        </Link>
      </div>
      {children}
    </section>
  );
}

export const ErrorBoundary = AdminPageError;
