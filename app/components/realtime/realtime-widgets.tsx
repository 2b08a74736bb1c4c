// Spec §2 Navigation: what a signed-in desktop user sees in the header: who else is online (an avatar
// stack, 3 then +N), the notifications bell (9+ above 9) and the connection status. Loaded lazily, only
// for signed-in users, so visitors never download it.
import { Popover } from "radix-ui";
import { useId, useState, type ReactNode } from "react";
import { badgeText, latencyQuality, ONLINE_AVATARS_SHOWN, type PresenceEntry } from "~/lib/realtime";
import { RadioChoices } from "~/components/ui/radio-choices";
import { Fact } from "~/components/ui/fact";
import { Bell } from "./icons";
import { NotificationItem } from "./notification-item";
import { PRESENCE_NOTE_MAX, useRealtime, type Realtime } from "./use-realtime";

export default function RealtimeWidgets({ userId }: { userId: string }) {
  const realtime = useRealtime();
  return (
    <div className="flex items-center gap-3" data-testid="realtime">
      <OnlineUsers
        users={realtime.users}
        count={realtime.onlineCount}
        me={userId}
        chosen={realtime.chosenStatus}
        choose={realtime.setChosenStatus}
        note={realtime.note}
        setNote={realtime.setNote}
      />
      <NotificationBell realtime={realtime} />
      <ConnectionStatus realtime={realtime} />
    </div>
  );
}

const STATE_LABELS = {
  connecting: "Connecting…",
  connected: "Connected",
  disconnected: "Disconnected",
  error: "Connection error",
} as const;

const STATE_COLOURS = {
  connecting: "bg-amber-500",
  connected: "bg-emerald-600",
  disconnected: "bg-stone-400",
  error: "bg-red-600",
} as const;

const STATUS_COLOURS = { online: "bg-emerald-600", away: "bg-amber-500", busy: "bg-red-600" } as const;

function initials(entry: PresenceEntry): string {
  const source = entry.name || entry.email;
  const parts = source.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? "?") + (parts[1]?.[0] ?? "")).toUpperCase();
}

/** A popover named by its heading, so each of the three reads as its own dialog ("Notifications"). */
function Panel({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const headingId = useId();
  return (
    <Popover.Portal>
      <Popover.Content
        aria-labelledby={headingId}
        align="end"
        sideOffset={10}
        className="border-line bg-paper z-[65] w-80 rounded-lg border p-0 text-sm shadow-xl outline-none"
      >
        <div className="border-line flex items-center justify-between gap-3 border-b px-4 py-3">
          <h2 id={headingId} className="font-serif text-base">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </Popover.Content>
    </Popover.Portal>
  );
}

/**
 * The avatar stack, 3 then +N (spec §9). An administrator's list names everyone; anyone else sees themselves
 * and how many others are online, never who (docs/realtime.md "Who sees what").
 */
function OnlineUsers({
  users,
  count,
  me,
  chosen,
  choose,
  note,
  setNote,
}: {
  users: PresenceEntry[];
  count: number;
  me: string;
  chosen: Realtime["chosenStatus"];
  choose: Realtime["setChosenStatus"];
  note: string;
  setNote: Realtime["setNote"];
}) {
  // Yourself last, so the stack shows the others first.
  const sorted = [...users].sort((a, b) => Number(a.userId === me) - Number(b.userId === me));
  const shown = sorted.slice(0, ONLINE_AVATARS_SHOWN);
  const total = Math.max(count, users.length);
  const more = total - shown.length;
  const others = total - users.length;
  return (
    <Popover.Root>
      <Popover.Trigger
        className="flex items-center rounded-full focus-visible:outline-2"
        aria-label={`Online users: ${total}`}
      >
        {/* Overlapping by 4 px, ring included, so two initials stay readable ("GG" was read as "G"). */}
        <span className="flex -space-x-1">
          {shown.map((u) => (
            <span
              key={u.userId}
              title={u.name || u.email}
              className="bg-paper-deep text-ink ring-paper inline-flex size-8 items-center justify-center rounded-full text-[0.65rem] font-medium ring-2"
            >
              {initials(u)}
            </span>
          ))}
          {more > 0 ? (
            <span className="bg-ink text-paper ring-paper inline-flex size-8 items-center justify-center rounded-full text-[0.65rem] ring-2">
              +{more}
            </span>
          ) : null}
        </span>
      </Popover.Trigger>
      <Panel title={`Online now (${total})`}>
        <div className="border-line flex items-center gap-4 border-b px-4 py-2 text-xs">
          <span className="text-muted" aria-hidden>
            Your status
          </span>
          <RadioChoices
            name="presence-status"
            legend="Your status"
            legendClassName="sr-only"
            className="flex items-center gap-4"
            optionClassName="flex items-center gap-1.5 capitalize"
            options={(["online", "busy"] as const).map((status) => ({ value: status, label: status }))}
            value={chosen}
            onChange={choose}
          />
        </div>
        <StatusNote key={note} note={note} setNote={setNote} />
        <ul className="max-h-[300px] overflow-y-auto py-1" aria-label="Online users">
          {sorted.map((u) => (
            <li key={u.userId} className="flex items-center gap-3 px-4 py-2">
              <span className="bg-paper-deep inline-flex size-8 shrink-0 items-center justify-center rounded-full text-xs">
                {initials(u)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">
                  {u.name || u.email}
                  {u.userId === me ? <span className="text-muted font-normal"> (you)</span> : null}
                </span>
                <span className="text-muted block truncate text-xs">{u.email}</span>
                {u.metadata?.note ? (
                  <span className="text-ink-soft block truncate text-xs italic">“{u.metadata.note}”</span>
                ) : null}
              </span>
              <span className="text-muted flex items-center gap-1.5 text-xs capitalize">
                <span className={`size-2 rounded-full ${STATUS_COLOURS[u.status]}`} aria-hidden />
                {u.status}
              </span>
            </li>
          ))}
        </ul>
        {others > 0 ? (
          <p className="text-muted border-line border-t px-4 py-2 text-xs">
            {others === 1 ? "1 other person is online." : `${others} other people are online.`}
          </p>
        ) : null}
      </Panel>
    </Popover.Root>
  );
}

/**
 * A short note shared with the presence (spec §3 "optional metadata"): "In the studio until 4 pm". The studio
 * sees it beside the name; it is kept in this browser and shared by every tab.
 */
function StatusNote({ note, setNote }: { note: string; setNote: Realtime["setNote"] }) {
  const [draft, setDraft] = useState(note);
  return (
    <form
      className="border-line flex items-end gap-2 border-b px-4 py-2"
      onSubmit={(event) => {
        event.preventDefault();
        setNote(draft);
      }}
    >
      <label className="min-w-0 flex-1 text-xs">
        <span className="text-muted mb-1 block">Status note</span>
        <input
          type="text"
          value={draft}
          maxLength={PRESENCE_NOTE_MAX}
          placeholder="In the studio until 4 pm"
          onChange={(event) => setDraft(event.target.value)}
          className="border-line focus:border-ink h-8 w-full rounded-md border bg-white px-2 text-sm outline-none"
        />
      </label>
      {note && draft === note ? (
        <button
          type="button"
          onClick={() => setNote("")}
          className="border-line hover:border-ink/40 h-8 rounded-md border px-2.5 text-xs"
        >
          Clear
        </button>
      ) : (
        <button type="submit" className="bg-ink text-paper h-8 rounded-md px-2.5 text-xs">
          Share
        </button>
      )}
    </form>
  );
}

function NotificationBell({ realtime }: { realtime: Realtime }) {
  const { notifications } = realtime;
  const unread = notifications.filter((n) => !n.readAt).length;
  return (
    <Popover.Root>
      <Popover.Trigger
        className="text-ink-soft hover:text-ink relative inline-flex size-9 items-center justify-center rounded-full"
        aria-label={unread ? `Notifications, ${unread} unread` : "Notifications"}
      >
        <Bell aria-hidden className="size-5" strokeWidth={1.5} />
        {unread > 0 ? (
          <span
            data-testid="notification-badge"
            className="bg-accent absolute -top-0.5 -right-0.5 inline-flex h-4 min-w-4 items-center justify-center rounded-full px-1 text-[0.6rem] font-semibold text-white"
          >
            {badgeText(unread)}
          </span>
        ) : null}
      </Popover.Trigger>
      <Panel
        title="Notifications"
        action={
          unread > 0 ? (
            <button type="button" onClick={realtime.markAllRead} className="text-xs underline underline-offset-2">
              Mark all as read
            </button>
          ) : null
        }
      >
        {notifications.length === 0 ? (
          <p className="text-muted px-4 py-8 text-center">No notifications yet.</p>
        ) : (
          <ul className="max-h-[400px] overflow-y-auto" aria-label="Notifications">
            {notifications.map((n) => (
              <NotificationItem
                key={n.id}
                notification={n}
                onRead={() => realtime.markRead(n.id)}
                onDelete={() => realtime.remove(n.id)}
              />
            ))}
          </ul>
        )}
      </Panel>
    </Popover.Root>
  );
}

function ConnectionStatus({ realtime }: { realtime: Realtime }) {
  const { state, latency } = realtime;
  const label = STATE_LABELS[state];
  return (
    <Popover.Root>
      <Popover.Trigger
        className="inline-flex size-9 items-center justify-center rounded-full"
        aria-label={`Connection status: ${label}`}
      >
        <span className={`size-2.5 rounded-full ${STATE_COLOURS[state]}`} aria-hidden />
      </Popover.Trigger>
      <Panel title="Connection">
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 px-4 py-3">
          <Fact term="Status" data-testid="connection-state">
            {label}
          </Fact>
          {/* A round trip measured before the connection went is no reading of it now (spec §9: "else offline"). */}
          <Fact term="Latency">
            {state === "disconnected" || state === "error"
              ? "— (offline)"
              : latency === null
                ? "—"
                : `${latency} ms (${latencyQuality(latency)})`}
          </Fact>
          {realtime.attempts > 0 ? <Fact term="Reconnects">{realtime.attempts} of 5</Fact> : null}
        </dl>
        {realtime.highLatency ? <p className="px-4 pb-3 text-amber-700">High latency detected</p> : null}
        {state === "error" || state === "disconnected" ? (
          <div className="px-4 pb-4">
            <button
              type="button"
              onClick={realtime.reconnect}
              className="bg-ink text-paper rounded-md px-3 py-1.5 text-xs"
            >
              Reconnect
            </button>
          </div>
        ) : null}
      </Panel>
    </Popover.Root>
  );
}
