// The Outbox: every e-mail the shop has sent or means to send (orders, replies, sign-in links), with its state,
// the error of a failed delivery, and Retry / Send again (docs/admin.md "Outbox"). Bodies are never shown:
// some held sign-in links.
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/outbox";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { Pager } from "~/components/admin/pager";
import { adminButton } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  outboxCounts,
  outboxPage,
  OUTBOX_PAGE_SIZE,
  requeueMail,
  sendMail,
  type OutboxActionResult,
} from "~/modules/mail/mail.server";
import { readFormData } from "~/modules/security/form-data.server";
import { services } from "~/services.server";

const STATUSES = ["pending", "sent", "logged", "failed"] as const;
const STATUS_LABELS: Record<(typeof STATUSES)[number], string> = {
  pending: "Waiting",
  sent: "Sent",
  logged: "Kept (mail off)",
  failed: "Failed",
};

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get("status"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const [{ rows, total }, counts] = await Promise.all([outboxPage({ status, page }), outboxCounts()]);
  return {
    status,
    page,
    total,
    pageSize: OUTBOX_PAGE_SIZE,
    counts,
    mailOn: Boolean(services().config.smtpUrl),
    messages: rows.map((m) => ({
      ...m,
      createdAt: formatDateTime(m.createdAt),
      sentAt: m.sentAt ? formatDateTime(m.sentAt) : null,
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
      to: z.email({ message: "Enter an e-mail address, like you@example.com." }).max(254),
    }),
  ],
  { message: "Choose Retry or Send again." },
);

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const to = form.get("to");
  const parsed = Intent.safeParse({
    intent: form.get("intent"),
    id: form.get("id") ?? undefined,
    to: typeof to === "string" ? to.trim() : undefined,
  });
  if (!parsed.success)
    return data<OutboxActionResult>({ ok: false, error: parsed.error.issues[0]?.message ?? "Try again." }, 400);
  if (parsed.data.intent === "test") {
    await sendMail(parsed.data.to, "test", {});
    const note = services().config.smtpUrl
      ? `A test e-mail is on its way to ${parsed.data.to}. It shows as Sent in the outbox once the mail server took it.`
      : `Mail is not being sent (SMTP_URL is not set): the test e-mail to ${parsed.data.to} is kept in the outbox.`;
    return data<OutboxActionResult>({ ok: true, message: note });
  }
  const result = await requeueMail(parsed.data.id, parsed.data.intent);
  return data<OutboxActionResult>(result, result.ok ? 200 : 409);
}

export const meta: Route.MetaFunction = () => adminMeta("Outbox");

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status, page, total, pageSize, counts, mailOn } = loaderData;
  const busy = useNavigation().state !== "idle";
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
      {actionData && (
        <p role="status" className={`mb-4 max-w-2xl text-sm ${actionData.ok ? "text-available" : "text-destructive"}`}>
          {actionData.ok ? actionData.message : actionData.error}
        </p>
      )}
      <nav aria-label="Filter by state" className="mb-4 flex flex-wrap gap-2 text-sm">
        <a
          href={adminPaths.outbox()}
          aria-current={status === undefined ? "page" : undefined}
          className={status === undefined ? adminButton.primary : adminButton.secondary}
        >
          All
        </a>
        {STATUSES.map((s) => (
          <a
            key={s}
            href={adminPaths.outbox(s)}
            aria-current={status === s ? "page" : undefined}
            className={status === s ? adminButton.primary : adminButton.secondary}
          >
            {STATUS_LABELS[s]} ({counts[s]})
          </a>
        ))}
      </nav>
      {messages.length === 0 ? (
        <EmptyState>{status ? "No messages in this state." : "No e-mail has been sent yet."}</EmptyState>
      ) : (
        <div className="border-line overflow-x-auto rounded-md border bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">E-mails, newest first</caption>
            <thead className="border-line text-muted border-b text-xs tracking-wide uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  To and subject
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  State
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Queued
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {messages.map((m) => (
                <tr key={m.id} className="border-line/70 border-b align-top last:border-0">
                  <td className="px-4 py-3">
                    <span className="block font-medium">{m.subject}</span>
                    <span className="text-muted text-xs">{m.toAddress}</span>
                    {m.lastError && m.status !== "sent" && (
                      <span className="text-destructive mt-1 block text-xs break-words">{m.lastError}</span>
                    )}
                  </td>
                  <td className="px-4 py-3 whitespace-nowrap">
                    <span className={m.status === "failed" ? "text-destructive" : undefined}>
                      {STATUS_LABELS[m.status]}
                    </span>
                    <span className="text-muted block text-xs">
                      {m.sentAt ? `at ${m.sentAt}` : `${m.attempts} ${m.attempts === 1 ? "attempt" : "attempts"}`}
                    </span>
                  </td>
                  <td className="text-muted px-4 py-3 whitespace-nowrap">{m.createdAt}</td>
                  <td className="px-4 py-3 text-right">
                    <Form method="post">
                      <input type="hidden" name="id" value={m.id} />
                      {m.status === "failed" || m.status === "pending" ? (
                        <button
                          type="submit"
                          name="intent"
                          value="retry"
                          disabled={busy}
                          className={adminButton.secondary}
                          aria-label={`Retry: ${m.subject} to ${m.toAddress}`}
                        >
                          Retry
                        </button>
                      ) : (
                        <button
                          type="submit"
                          name="intent"
                          value="resend"
                          disabled={busy}
                          className={adminButton.secondary}
                          aria-label={`Send again: ${m.subject} to ${m.toAddress}`}
                        >
                          Send again
                        </button>
                      )}
                    </Form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={page} pageSize={pageSize} total={total} href={(p) => adminPaths.outbox(status, p)} items="e-mails" />
    </>
  );
}

export const ErrorBoundary = AdminPageError;
