// Viewing Rooms (docs/admin.md "Viewing rooms"): the private rooms the artist has made, newest first, with whom
// each is for, until when it is open, how many works it shows and how often it was opened.
import type { Route } from "./+types/rooms";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { CardList, CardListItem } from "~/components/ui/card-list";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { adminPaths } from "~/lib/admin-paths";
import { formatDate, formatDateTime } from "~/lib/dates";
import { pageParam } from "~/lib/pagination";
import { roomState } from "~/lib/rooms";
import { requireAdmin } from "~/modules/auth/session.server";
import { listRooms, ROOMS_PAGE_SIZE } from "~/modules/rooms/rooms.server";
import { getSettings } from "~/modules/settings/settings.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const page = pageParam(new URL(request.url).searchParams);
  const [{ rows, total }, settings] = await Promise.all([listRooms(page), getSettings()]);
  const tz = settings.shop.timeZone;
  const now = new Date();
  return {
    page,
    total,
    pageSize: ROOMS_PAGE_SIZE,
    rooms: rows.map((r) => ({
      id: r.id,
      title: r.title,
      recipient: r.recipientName || r.recipientEmail,
      state: roomState(r, now),
      until: formatDate(r.expiresAt, tz),
      works: r.works,
      opens: r.opens,
      lastOpenedAt: r.lastOpenedAt ? formatDateTime(r.lastOpenedAt, tz) : null,
    })),
  };
}

export const meta: Route.MetaFunction = () => adminMeta("Viewing Rooms");

export function ErrorBoundary() {
  return <AdminPageError />;
}

const STATE_LABELS = { open: "Open", expired: "Expired", revoked: "Link revoked" } as const;
const STATE_TONES: Record<keyof typeof STATE_LABELS, Tone> = { open: "success", expired: "muted", revoked: "muted" };

export default function Rooms({ loaderData }: Route.ComponentProps) {
  const { rooms, page, pageSize, total } = loaderData;
  return (
    <>
      <AdminPageHeader
        title="Viewing Rooms"
        description="Private selections of works, shared by a secret link, with prices that hold only there. Nobody finds them without the link; search engines never list them."
        link={{ to: adminPaths.newRoom(), label: "New room" }}
      />
      <CardList
        items={rooms}
        itemKey={(r) => r.id}
        empty="No viewing rooms yet. Make one for a collector, then copy its link to them."
        pager={{ page, pageSize, total, href: adminPaths.rooms, items: "rooms" }}
      >
        {(r) => (
          <CardListItem
            title={r.title}
            href={adminPaths.room(r.id)}
            aside={<StatusBadge tone={STATE_TONES[r.state]}>{STATE_LABELS[r.state]}</StatusBadge>}
          >
            <p className="text-ink-soft mt-1 text-sm break-words">
              {r.recipient ? `For ${r.recipient} · ` : ""}
              {r.works} {r.works === 1 ? "work" : "works"} · open until {r.until}
            </p>
            <p className="text-muted mt-1 text-xs">
              {r.opens === 0
                ? "Not opened yet"
                : `Opened ${r.opens} ${r.opens === 1 ? "time" : "times"}, last ${r.lastOpenedAt}`}
            </p>
          </CardListItem>
        )}
      </CardList>
    </>
  );
}
