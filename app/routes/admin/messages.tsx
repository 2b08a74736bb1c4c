// Contact Messages: the inbox of contact-form messages (new, read, replied, archived) and the newsletter list.
import { useEffect, useRef } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import { Pager } from "~/components/admin/pager";
import type { Route } from "./+types/messages";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { adminPaths } from "~/lib/admin-paths";
import { INQUIRY_LABELS, MESSAGE_STATUSES, MESSAGES_PAGE_SIZE, type MessageStatus } from "~/lib/inquiries";
import { paths } from "~/lib/paths";
import { isUuid } from "~/lib/uuid";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  getMessage,
  listMessages,
  MessageFilterSchema,
  openMessage,
  setMessageStatus,
} from "~/modules/inbox/inbox-admin.server";
import { readFormData } from "~/modules/security/form-data.server";

export const meta: Route.MetaFunction = () => adminMeta("Contact Messages");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  // The newsletter list has its own page now (subscribers, issues, sending).
  if (url.searchParams.get("view") === "subscribers") throw redirect(adminPaths.newsletter());
  const filter = MessageFilterSchema.parse(Object.fromEntries(url.searchParams));
  const id = url.searchParams.get("id");
  // Only read here: a GET (a prefetch, a crawler of the admin's links) never changes a message. The detail pane
  // posts "open" once the message is on screen, which makes a new one Read.
  const selected = id && isUuid(id) ? await getMessage(id) : undefined;
  const list = await listMessages(filter);
  return { filter, ...list, selected: selected ?? null };
}

const ActionSchema = z.object({
  ids: z.array(z.uuid()).min(1, "Select at least one message.").max(500),
  status: z.enum(MESSAGE_STATUSES),
});

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  if (form.get("intent") === "open") {
    const id = z.uuid().safeParse(form.get("id"));
    if (!id.success) return data({ ok: false as const, error: "No such message." }, { status: 400 });
    await openMessage(id.data);
    return { ok: true as const, changed: 1 };
  }
  const parsed = ActionSchema.safeParse({ ids: form.getAll("ids"), status: form.get("status") });
  if (!parsed.success) return data({ ok: false as const, error: parsed.error.issues[0]!.message }, { status: 400 });
  const changed = await setMessageStatus(parsed.data.ids, parsed.data.status);
  return { ok: true as const, changed };
}

const STATUS_LABELS: Record<MessageStatus, string> = {
  new: "New",
  read: "Read",
  replied: "Replied",
  archived: "Archived",
};

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function StatusBadge({ status }: { status: MessageStatus }) {
  const tone =
    status === "new"
      ? "bg-accent text-paper"
      : status === "replied"
        ? "bg-available/10 text-available"
        : "bg-paper-deep text-muted";
  return <span className={`rounded-full px-2 py-0.5 text-xs ${tone}`}>{STATUS_LABELS[status]}</span>;
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const tab = (key: string | null, label: string, n?: number) => {
    const next = new URLSearchParams();
    if (key) next.set("status", key);
    const active = (params.get("status") ?? null) === key;
    return (
      <Link
        key={label}
        to={adminPaths.messages(next)}
        aria-current={active ? "page" : undefined}
        className={`rounded-md px-3 py-1.5 text-sm ${active ? "bg-ink text-paper" : "text-ink-soft hover:bg-paper-deep"}`}
      >
        {label}
        {n !== undefined ? <span className="ml-1.5 opacity-70">{n}</span> : null}
      </Link>
    );
  };

  return (
    <>
      <AdminPageHeader
        title="Contact Messages"
        description="Messages from the contact form. The newsletter's subscribers and issues are on the Newsletter page."
      />
      <nav aria-label="Message views" className="mb-5 flex flex-wrap gap-1">
        {tab(null, "Inbox")}
        {MESSAGE_STATUSES.map((s) => tab(s, STATUS_LABELS[s], loaderData.counts[s]))}
        <Link to={adminPaths.newsletter()} className="text-ink-soft hover:bg-paper-deep rounded-md px-3 py-1.5 text-sm">
          Newsletter
        </Link>
      </nav>
      {actionData && !actionData.ok ? (
        <p role="alert" className="text-destructive mb-4 text-sm">
          {actionData.error}
        </p>
      ) : null}
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
  const pages = Math.max(1, Math.ceil(list.total / MESSAGES_PAGE_SIZE));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(page));
    next.delete("id");
    return adminPaths.messages(next);
  };

  return (
    <div className={`grid gap-6 ${list.selected ? "xl:grid-cols-[minmax(0,1fr)_minmax(0,28rem)]" : ""}`}>
      <div className="min-w-0">
        <Form method="get" className="mb-4 flex gap-2" role="search">
          {list.filter.status ? <input type="hidden" name="status" value={list.filter.status} /> : null}
          <label htmlFor="messages-q" className="sr-only">
            Search messages
          </label>
          <input
            id="messages-q"
            name="q"
            type="search"
            defaultValue={list.filter.q ?? ""}
            placeholder="Search name, e-mail, subject or text"
            className="border-line w-full max-w-md rounded-md border bg-white px-3 py-2 text-sm"
          />
          <button
            type="submit"
            className="border-line rounded-md border bg-white px-3 py-2 text-sm hover:border-ink/40"
          >
            Search
          </button>
        </Form>
        {list.rows.length === 0 ? (
          <EmptyState>{list.filter.q ? "No messages match this search." : "No messages yet."}</EmptyState>
        ) : (
          <Form method="post" aria-label="Messages">
            <div className="mb-2 flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted">With selected:</span>
              {(["read", "replied", "archived", "new"] as const).map((s) => (
                <button
                  key={s}
                  type="submit"
                  name="status"
                  value={s}
                  disabled={busy}
                  className="border-line rounded-md border bg-white px-2.5 py-1 hover:border-ink/40"
                >
                  {s === "new"
                    ? "Mark unread"
                    : s === "archived"
                      ? "Archive"
                      : `Mark ${STATUS_LABELS[s].toLowerCase()}`}
                </button>
              ))}
            </div>
            <ul className="border-line divide-line divide-y rounded-lg border bg-white">
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
                      <StatusBadge status={m.status} />
                      <span className="text-muted ml-auto text-xs">{dateFormat.format(new Date(m.createdAt))}</span>
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
        {pages > 1 ? (
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
  const opener = useFetcher();
  const opened = useRef<string | null>(null);
  const { submit } = opener;
  useEffect(() => {
    // A new message becomes Read once the artist has it on screen (once per message shown).
    if (message.status !== "new" || opened.current === message.id) return;
    opened.current = message.id;
    void submit({ intent: "open", id: message.id }, { method: "post" });
  }, [message.id, message.status, submit]);
  return (
    <article aria-labelledby="message-subject" className="border-line self-start rounded-lg border bg-white p-5">
      <div className="flex items-start justify-between gap-3">
        <h2 id="message-subject" className="text-xl">
          {message.subject}
        </h2>
        <StatusBadge status={message.status} />
      </div>
      <dl className="text-ink-soft mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">From</dt>
        <dd>
          {message.name} &lt;{message.email}&gt;
        </dd>
        {message.phone ? (
          <>
            <dt className="text-muted">Phone</dt>
            <dd>{message.phone}</dd>
          </>
        ) : null}
        <dt className="text-muted">Type</dt>
        <dd>{INQUIRY_LABELS[message.inquiryType]}</dd>
        {message.artworkId ? (
          <>
            <dt className="text-muted">Artwork</dt>
            <dd>
              <a href={paths.artwork(message.artworkId)} className="underline underline-offset-4">
                {message.artworkTitle}
              </a>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">Received</dt>
        <dd>{dateFormat.format(new Date(message.createdAt))} UTC</dd>
      </dl>
      <p className="border-line mt-4 border-t pt-4 text-sm leading-relaxed whitespace-pre-wrap">{message.body}</p>
      <Form method="post" className="mt-5 flex flex-wrap gap-2 text-sm">
        <input type="hidden" name="ids" value={message.id} />
        <a href={reply} className="bg-ink text-paper rounded-md px-3 py-1.5">
          Reply by e-mail
        </a>
        <button type="submit" name="status" value="replied" className="border-line rounded-md border px-3 py-1.5">
          Mark replied
        </button>
        <button type="submit" name="status" value="archived" className="border-line rounded-md border px-3 py-1.5">
          Archive
        </button>
      </Form>
    </article>
  );
}

export const ErrorBoundary = AdminPageError;
