// One notification in the bell's list (spec §3): its type's icon (error, warning, success, else info), its
// priority's mark (urgent and high stand out; normal and default are plain), read and delete.
import { formatLocalTime } from "~/lib/dates";
import type { NotificationPriority, NotificationType, NotificationView } from "~/lib/realtime";
import { CircleCheck, CircleX, Info, TriangleAlert } from "./icons";

/** Spec §3: error, warning, success, else info; each with its own icon and colour, and its name for readers. */
const TYPE_ICONS = {
  error: { Icon: CircleX, label: "Error", colour: "text-red-700" },
  warning: { Icon: TriangleAlert, label: "Warning", colour: "text-amber-700" },
  success: { Icon: CircleCheck, label: "Success", colour: "text-emerald-700" },
  info: { Icon: Info, label: "Information", colour: "text-sky-700" },
} as const satisfies Record<NotificationType, unknown>;

function TypeIcon({ type }: { type: NotificationView["type"] }) {
  const { Icon, label, colour } = TYPE_ICONS[type];
  return <Icon role="img" aria-hidden={false} aria-label={label} className={`mt-0.5 size-4 shrink-0 ${colour}`} />;
}

/** Spec §3: urgent, high, normal, else default. Urgent and high stand out by a bar and a word; the rest are plain. */
const PRIORITY_STYLES: Record<NotificationPriority, string> = {
  urgent: "border-l-4 border-l-red-600",
  high: "border-l-4 border-l-amber-500",
  normal: "border-l-4 border-l-transparent",
  default: "border-l-4 border-l-transparent",
};

function PriorityLabel({ priority }: { priority: NotificationPriority }) {
  if (priority === "urgent")
    return (
      <span className="shrink-0 rounded bg-red-50 px-1.5 text-[0.65rem] font-semibold text-red-800 uppercase">
        Urgent
      </span>
    );
  if (priority === "high")
    return (
      <span className="shrink-0 rounded bg-amber-50 px-1.5 text-[0.65rem] font-semibold text-amber-900 uppercase">
        High
      </span>
    );
  return null;
}

/** One notification in the bell's list: its type's icon, its priority's mark, read and delete. */
export function NotificationItem({
  notification: n,
  onRead,
  onDelete,
}: {
  notification: NotificationView;
  onRead: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      data-priority={n.priority}
      className={`border-line/60 border-b py-3 pr-4 pl-3 last:border-0 ${PRIORITY_STYLES[n.priority]} ${
        n.readAt ? "" : "bg-accent/5"
      }`}
    >
      <div className="flex items-start gap-2">
        <TypeIcon type={n.type} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            {n.link ? (
              <a href={n.link} className="min-w-0 font-medium hover:underline" onClick={onRead}>
                {n.title}
              </a>
            ) : (
              <p className="min-w-0 font-medium">{n.title}</p>
            )}
            <PriorityLabel priority={n.priority} />
            {n.readAt ? null : (
              <>
                <span className="bg-accent ml-auto size-2 shrink-0 rounded-full" aria-hidden="true" />
                <span className="sr-only">Unread</span>
              </>
            )}
          </div>
          {n.message ? <p className="text-ink-soft mt-0.5 break-words">{n.message}</p> : null}
          <p className="text-muted mt-1 text-xs">{formatLocalTime(new Date(n.createdAt))}</p>
        </div>
      </div>
      <div className="mt-2 flex gap-3 pl-7 text-xs">
        {n.readAt ? null : (
          <button
            type="button"
            className="underline underline-offset-2"
            aria-label={`Mark as read: ${n.title}`}
            onClick={onRead}
          >
            Mark as read
          </button>
        )}
        <button
          type="button"
          className="text-muted underline underline-offset-2"
          aria-label={`Delete notification: ${n.title}`}
          onClick={onDelete}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
