// Contact Messages: the inbox of contact-form messages (new, read, replied, archived) and the newsletter list.
import { useEffect, useRef } from "react";
import { Form, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Pager } from "~/components/ui/pager";
import type { ActionResult } from "~/lib/action-result";
import type { Route } from "./+types/messages";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { ViewLink } from "~/components/admin/view-link";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { FilterBar } from "~/components/admin/filter-bar";
import { Button, buttonClass } from "~/components/ui/button";
import { cardClass, Panel } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import { Fact } from "~/components/ui/fact";
import { ActionNotice } from "~/components/ui/notice";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import {
  INQUIRY_LABELS,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  MESSAGES_PAGE_SIZE,
  type MessageStatus,
} from "~/lib/inquiries";
import { paths } from "~/lib/paths";
import { pageCount } from "~/lib/pagination";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  getMessage,
  listMessages,
  MessageFilterSchema,
  openMessage,
  setMessageStatus,
} from "~/modules/inbox/inbox-admin.server";
import {
  firstMessage,
  formList,
  parseSubmission,
  readFormData,
  readListQuery,
  refuse,
} from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";

export const meta: Route.MetaFunction = () => adminMeta("Contact Messages");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  // The newsletter list has its own page now (subscribers, issues, sending).
  if (url.searchParams.get("view") === "subscribers") throw redirect(adminPaths.newsletter());
  const filter = readListQuery(request, MessageFilterSchema);
  const id = url.searchParams.get("id");
  // Only read here: a GET (a prefetch, a crawler of the admin's links) never changes a message. The detail pane
  // posts "open" once the message is on screen, which makes a new one Read.
  const selected = id && isUuid(id) ? await getMessage(id) : undefined;
  const [list, tz] = await Promise.all([listMessages(filter), studioTimeZone()]);
  return {
    filter,
    ...list,
    rows: list.rows.map((m) => ({ ...m, createdAt: formatShortDateTime(m.createdAt, tz) })),
    selected: selected ? { ...selected, createdAt: formatShortDateTime(selected.createdAt, tz) } : null,
  };
}

const OpenIntent = z.object({ intent: z.literal("open"), id: z.uuid("No such message.") });
const StatusIntent = z.object({
  ids: formList(z.uuid())
    .refine((ids) => ids.length > 0, "Select at least one message.")
    .refine((ids) => ids.length <= 500, "Select at most 500 messages."),
  status: z.enum(MESSAGE_STATUSES),
});

export async function action({
  request,
}: Route.ActionArgs): Promise<ActionResult<{ changed: number }> | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const form = await readFormData(request);
  const submission =
    form.get("intent") === "open" ? parseSubmission(form, OpenIntent) : parseSubmission(form, StatusIntent);
  if (!submission.ok) return refuse(firstMessage(submission.failure));
  const input = submission.value;
  if ("id" in input) {
    await openMessage(input.id);
    return { ok: true, changed: 1 };
  }
  return { ok: true, changed: await setMessageStatus(input.ids, input.status) };
}

const STATUS_TONES: Record<MessageStatus, Tone> = {
  new: "accent",
  read: "muted",
  replied: "success",
  archived: "muted",
};

function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <StatusBadge tone={STATUS_TONES[status]}>{MESSAGE_STATUS_LABELS[status]}</StatusBadge>;
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = (key: string | null, label: string, n?: number) => {
    const next = new URLSearchParams();
    if (key) next.set("status", key);
    const active = (params.get("status") ?? null) === key;
    return (
      <ViewLink key={label} to={adminPaths.messages(next)} current={active}>
        {label}
        {n !== undefined ? <span className="ml-1.5 opacity-70">{n}</span> : null}
      </ViewLink>
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Contact Messages"
        description="Messages from the contact form. The newsletter's subscribers and issues are on the Newsletter page."
      />
      <nav aria-label="Message views" className="mb-5 flex flex-wrap gap-2">
        {tab(null, "Inbox")}
        {MESSAGE_STATUSES.map((s) => tab(s, MESSAGE_STATUS_LABELS[s], loaderData.counts[s]))}
        <Link to={adminPaths.newsletter()} className={buttonClass("ghost", "sm")}>
          Subscribers
        </Link>
      </nav>
      <ActionNotice className="mb-4 text-sm" error={actionData && !actionData.ok ? actionData.error : null} />
      <MessageList data={loaderData} />
    </>
  );
}

type MessagesData = Route.ComponentProps["loaderData"];

function MessageList({ data: list }: { data: MessagesData }) {
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const linkTo = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("id", id);
    return adminPaths.messages(next);
  };
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    next.delete("id");
    return adminPaths.messages(next);
  };

  return (
    <div className={`grid gap-6 ${list.selected ? "xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]" : ""}`}>
      <div className="min-w-0">
        <FilterBar
          label="Search messages"
          placeholder="Search name, e-mail, subject or text"
          query={list.filter.q}
          keep={{ status: list.filter.status }}
        />
        {list.rows.length === 0 ? (
          <EmptyState>{list.filter.q ? "No messages match this search." : "No messages yet."}</EmptyState>
        ) : (
          <Form method="post" aria-label="Messages">
            <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">With selected:</span>
              {(["read", "replied", "archived", "new"] as const).map((s) => (
                <Button key={s} type="submit" name="status" value={s} variant="secondary" size="sm" disabled={busy}>
                  {/* Named apart from the open message's own "Mark replied" and "Archive". */}
                  {s === "new"
                    ? "Mark selected unread"
                    : s === "archived"
                      ? "Archive selected"
                      : `Mark selected ${MESSAGE_STATUS_LABELS[s].toLowerCase()}`}
                </Button>
              ))}
            </div>
            <ul className={`${cardClass} divide-line divide-y`}>
              {list.rows.map((m) => (
                <li
                  key={m.id}
                  className={`flex gap-3 px-3 py-3 ${list.selected?.id === m.id ? "bg-paper-deep/70" : ""}`}
                >
                  <input
                    type="checkbox"
                    name="ids"
                    value={m.id}
                    aria-label={`Select the message from ${m.name}`}
                    className="mt-1"
                  />
                  <Link to={linkTo(m.id)} className="min-w-0 flex-1" preventScrollReset>
                    <span className="flex flex-wrap items-center gap-2">
                      <span className={m.status === "new" ? "font-semibold" : ""}>{m.name}</span>
                      <MessageStatusBadge status={m.status} />
                      <span className="text-muted ml-auto text-xs">{m.createdAt}</span>
                    </span>
                    <span className="block truncate text-sm">{m.subject}</span>
                    <span className="text-muted block truncate text-xs">
                      {INQUIRY_LABELS[m.inquiryType]} · {m.preview}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Form>
        )}
        {pageCount(list.total, MESSAGES_PAGE_SIZE) > 1 ? (
          <Pager
            page={list.filter.page}
            pageSize={MESSAGES_PAGE_SIZE}
            total={list.total}
            href={pageLink}
            items="messages"
          />
        ) : null}
      </div>
      {list.selected ? <MessageDetail message={list.selected} /> : null}
    </div>
  );
}

function MessageDetail({ message }: { message: NonNullable<MessagesData["selected"]> }) {
  const reply = `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`;
  const opener = useFetcher<typeof action>();
  const opened = useRef<string | null>(null);
  const { submit } = opener;
  useEffect(() => {
    // A new message becomes Read once the artist has it on screen (once per message shown).
    if (message.status !== "new" || opened.current === message.id) return;
    opened.current = message.id;
    void submit({ intent: "open", id: message.id }, { method: "post" });
  }, [message.id, message.status, submit]);
  return (
    <Panel
      as="article"
      title={message.subject}
      actions={<MessageStatusBadge status={message.status} />}
      className="self-start p-5"
    >
      <dl className="text-ink-soft mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Fact term="From">
          {message.name} &lt;{message.email}&gt;
        </Fact>
        <Fact term="Phone">{message.phone}</Fact>
        <Fact term="Type">{INQUIRY_LABELS[message.inquiryType]}</Fact>
        {message.artworkId ? (
          <Fact term="Artwork">
            <a href={paths.artwork(message.artworkId)} className="underline underline-offset-4">
              {message.artworkTitle}
            </a>
          </Fact>
        ) : null}
        <Fact term="Received">{message.createdAt}</Fact>
      </dl>
      <p className="border-line mt-4 border-t pt-4 text-sm leading-relaxed whitespace-pre-wrap">{message.body}</p>
      <Form method="post" className="mt-5 flex flex-wrap gap-2 text-sm">
        <input type="hidden" name="ids" value={message.id} />
        <a href={reply} className={buttonClass("primary", "sm")}>
          Reply by e-mail
        </a>
        <Button type="submit" name="status" value="replied" variant="secondary" size="sm">
          Mark replied
        </Button>
        <Button type="submit" name="status" value="archived" variant="secondary" size="sm">
          Archive
        </Button>
      </Form>
    </Panel>
  );
}

export const ErrorBoundary = AdminPageError;
