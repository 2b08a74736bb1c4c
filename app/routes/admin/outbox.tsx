// The Outbox: every e-mail the shop has sent or means to send (orders, replies, sign-in links), with its state,
// the error of a failed delivery, and Retry / Send again (docs/admin.md "Outbox"). Bodies are never shown:
// some held sign-in links.
import { Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/outbox";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { ViewLink } from "~/components/admin/view-link";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { buttonClass } from "~/components/ui/button";
import { DataTable, type Column } from "~/components/ui/data-table";
import { ActionNotice } from "~/components/ui/notice";
import type { ActionResult } from "~/lib/action-result";
import { choices } from "~/lib/choices";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { pageParam } from "~/lib/pagination";
import { requireAdmin } from "~/modules/auth/session.server";
import { readSubmission, refuse } from "~/modules/forms/submission.server";
import { outboxCounts, outboxPage, OUTBOX_PAGE_SIZE, requeueMail, sendMail } from "~/modules/mail/mail.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

const { values: STATUSES, labels: STATUS_LABELS } = choices({
  pending: "Waiting",
  sent: "Sent",
  logged: "Kept (mail off)",
  failed: "Failed",
});

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get("status"));
  const page = pageParam(params);
  const [{ rows, total }, counts, tz] = await Promise.all([
    outboxPage({ status, page }),
    outboxCounts(),
    studioTimeZone(),
  ]);
  return {
    status,
    page,
    total,
    pageSize: OUTBOX_PAGE_SIZE,
    counts,
    mailOn: Boolean(services().config.smtpUrl),
    messages: rows.map((m) => ({
      ...m,
      createdAt: formatShortDateTime(m.createdAt, tz),
      sentAt: m.sentAt ? formatShortDateTime(m.sentAt, tz) : null,
    })),
  };
}

const Intent = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.enum(["retry", "resend"]),
      id: z.uuid({ message: "That message is not in the outbox." }),
    }),
    // Settings › "Send a test e-mail" posts here.
    z.object({
      intent: z.literal("test"),
      to: z
        .string()
        .trim()
        .pipe(z.email({ message: "Enter an e-mail address, like you@example.com." }).max(254)),
    }),
  ],
  { message: "Choose Retry or Send again." },
);

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  await requireAdmin(request);
  const submission = await readSubmission(request, Intent);
  if (!submission.ok) {
    const { fieldErrors } = submission.failure;
    return refuse(fieldErrors?.to ?? fieldErrors?.id ?? fieldErrors?.intent ?? submission.failure.error);
  }
  const intent = submission.value;
  if (intent.intent === "test") {
    await sendMail(intent.to, "test", {});
    const message = services().config.smtpUrl
      ? `A test e-mail is on its way to ${intent.to}. It shows as Sent in the outbox once the mail server took it.`
      : `Mail is not being sent (SMTP_URL is not set): the test e-mail to ${intent.to} is kept in the outbox.`;
    return { ok: true, message };
  }
  const result = await requeueMail(intent.id, intent.intent);
  return result.ok ? result : refuse(result, 409);
}

export const meta: Route.MetaFunction = () => adminMeta("Outbox");

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status, page, total, pageSize, counts, mailOn } = loaderData;
  const busy = useNavigation().state !== "idle";
  const columns: Column<(typeof messages)[number]>[] = [
    {
      header: "To and subject",
      cell: (m) => (
        <>
          <span className="block font-medium">{m.subject}</span>
          <span className="text-muted text-xs">{m.toAddress}</span>
          {m.lastError && m.status !== "sent" && (
            <span className="text-destructive mt-1 block text-xs break-words">{m.lastError}</span>
          )}
        </>
      ),
    },
    {
      header: "State",
      className: "whitespace-nowrap",
      cell: (m) => (
        <>
          <span className={m.status === "failed" ? "text-destructive" : undefined}>{STATUS_LABELS[m.status]}</span>
          <span className="text-muted block text-xs">
            {m.sentAt ? `at ${m.sentAt}` : `${m.attempts} ${m.attempts === 1 ? "attempt" : "attempts"}`}
          </span>
        </>
      ),
    },
    { header: "Queued", className: "text-muted whitespace-nowrap", cell: (m) => m.createdAt },
    {
      header: "Actions",
      hideHeader: true,
      className: "text-right",
      cell: (m) => {
        const retry = m.status === "failed" || m.status === "pending";
        return (
          <Form method="post">
            <input type="hidden" name="id" value={m.id} />
            <button
              type="submit"
              name="intent"
              value={retry ? "retry" : "resend"}
              disabled={busy}
              className={buttonClass("secondary", "sm")}
              aria-label={`${retry ? "Retry" : "Send again"}: ${m.subject} to ${m.toAddress}`}
            >
              {retry ? "Retry" : "Send again"}
            </button>
          </Form>
        );
      },
    },
  ];
  return (
    <>
      <AdminPageHeader title="Outbox" />
      <p className="text-ink-soft mb-4 max-w-2xl text-sm leading-relaxed">
        Every e-mail the shop sends: order confirmations, replies to messages, sign-in and confirmation links. A
        delivery that fails is tried again for a day; you are told in the notifications when one keeps failing.
      </p>
      {!mailOn && (
        <p role="alert" className="border-accent/30 bg-accent-soft mb-4 max-w-2xl rounded-md border px-4 py-3 text-sm">
          Mail is not being sent: <code>SMTP_URL</code> is not set, so messages are kept here instead. Set it and
          restart the shop, then use Send again for anything that must still go out.
        </p>
      )}
      <ActionNotice className="mb-4 max-w-2xl text-sm" result={actionData} />
      <nav aria-label="Filter by state" className="mb-4 flex flex-wrap gap-2 text-sm">
        <ViewLink to={adminPaths.outbox()} current={status === undefined}>
          All
        </ViewLink>
        {STATUSES.map((s) => (
          <ViewLink key={s} to={adminPaths.outbox(s)} current={status === s}>
            {STATUS_LABELS[s]} ({counts[s]})
          </ViewLink>
        ))}
      </nav>
      <DataTable
        caption="E-mails, newest first"
        columns={columns}
        rows={messages}
        rowKey={(m) => m.id}
        empty={status ? "No messages in this state." : "No e-mail has been sent yet."}
        pager={{ page, pageSize, total, href: (p) => adminPaths.outbox(status, p), items: "e-mails" }}
      />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
