// Newsletter (/admin/newsletter): write an issue in Markdown (or start from a blog post), preview it, send a
// test to yourself, then send it to every confirmed subscriber through the outbox; the issues sent with how
// many mails wait, went out or failed; and every subscriber, searched, filtered by status, paged, exported as
// CSV (docs/inquiries.md "Newsletter").
import { Download } from "lucide-react";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/newsletter";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, EmptyState } from "~/components/admin/admin-page";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { Field, TextField } from "~/components/admin/field";
import { Pager } from "~/components/admin/pager";
import { adminButton, adminCard, adminInput } from "~/components/admin/ui";
import { formatDateTime } from "~/lib/admin-format";
import { adminPaths } from "~/lib/admin-paths";
import { SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_STATUSES } from "~/lib/newsletter";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { getPostForEditing, listPostsForAdmin } from "~/modules/blog/blog.server";
import {
  countSubscribers,
  IssueSchema,
  ISSUES_PAGE_SIZE,
  listIssues,
  listSubscribers,
  sendTestIssue,
  startIssue,
  SubscriberFilterSchema,
  SUBSCRIBERS_PAGE_SIZE,
} from "~/modules/inbox/newsletter.server";
import { fieldErrorsOf, readFormData } from "~/modules/security/form-data.server";
import { services } from "~/services.server";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

const STATUS_LABELS = SUBSCRIBER_STATUS_LABELS;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filter = SubscriberFilterSchema.parse(Object.fromEntries(params));
  const issuesPage = Math.max(1, Math.min(10_000, Number.parseInt(params.get("issues") ?? "1", 10) || 1));
  const postId = params.get("post");
  const [subscribers, counts, issues, posts, post] = await Promise.all([
    listSubscribers(filter),
    countSubscribers(),
    listIssues(issuesPage),
    listPostsForAdmin({ page: 1, status: "published" }),
    postId ? getPostForEditing(postId) : Promise.resolve(undefined),
  ]);
  const publicUrl = services().config.publicUrl;
  return {
    filter,
    counts,
    subscribers: {
      total: subscribers.total,
      rows: subscribers.rows.map((s) => ({ ...s, createdAt: formatDateTime(s.createdAt) })),
    },
    issues: {
      page: issuesPage,
      total: issues.total,
      rows: issues.rows.map((i) => ({
        ...i,
        createdAt: formatDateTime(i.createdAt),
        sentAt: i.sentAt ? formatDateTime(i.sentAt) : null,
      })),
    },
    posts: posts.posts.map((p) => ({ id: p.id, title: p.title })),
    // "Send a blog post": the post's title and text, with a link to read it on the site.
    draft: post
      ? {
          blogPostId: post.id,
          subject: post.title,
          markdown: `${post.body}\n\n[Read it on the site](${publicUrl}${paths.blogPost(post.slug)})`,
        }
      : null,
    pageSize: SUBSCRIBERS_PAGE_SIZE,
    issuesPageSize: ISSUES_PAGE_SIZE,
  };
}

const SendIntent = z.object({
  intent: z.enum(["test", "send"]),
  blogPostId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  confirmSend: z.literal("yes").optional(),
});

type Result =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors: Record<string, string>; values: { subject: string; markdown: string } };

export async function action({ request }: Route.ActionArgs) {
  const context = await requireAdmin(request);
  const form = Object.fromEntries(await readFormData(request));
  const values = {
    subject: typeof form.subject === "string" ? form.subject : "",
    markdown: typeof form.markdown === "string" ? form.markdown : "",
  };
  const intent = SendIntent.safeParse(form);
  const issue = IssueSchema.safeParse(values);
  const fieldErrors = issue.success ? {} : fieldErrorsOf(issue.error);
  if (intent.success && intent.data.intent === "send" && !intent.data.confirmSend)
    fieldErrors.confirmSend = "Tick this to send the newsletter to every subscriber.";
  if (!intent.success || !issue.success || Object.keys(fieldErrors).length)
    return data<Result>({ ok: false, error: "Some fields need attention.", fieldErrors, values }, { status: 400 });
  if (intent.data.intent === "test") {
    await sendTestIssue(context.user.email, issue.data);
    return data<Result>({ ok: true, message: `A test is on its way to ${context.user.email}.` });
  }
  const { recipients } = await startIssue(issue.data, intent.data.blogPostId);
  return data<Result>({
    ok: true,
    message:
      recipients === 0
        ? "Saved, but nobody has confirmed a subscription yet: nothing was sent."
        : `Sending to ${recipients} ${recipients === 1 ? "subscriber" : "subscribers"}. The counts below follow it.`,
  });
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not send the newsletter");
}

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, counts, subscribers, issues, posts, draft } = loaderData;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const refused = actionData && !actionData.ok && "fieldErrors" in actionData ? actionData : undefined;
  const errors = refused?.fieldErrors ?? {};
  const subject = refused?.values.subject ?? draft?.subject ?? "";
  const markdown = refused?.values.markdown ?? draft?.markdown ?? "";
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const href = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes))
      if (value) next.set(key, value);
      else next.delete(key);
    return adminPaths.newsletter(next);
  };
  const exportQuery = new URLSearchParams();
  if (filter.q) exportQuery.set("q", filter.q);
  if (filter.status) exportQuery.set("status", filter.status);

  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description={`${counts.active} subscribed · ${counts.unconfirmed} waiting to confirm. Visitors subscribe in the site's footer and confirm by e-mail; every newsletter carries a one-click unsubscribe link.`}
      />

      <section aria-labelledby="compose-heading" className={`${adminCard} mb-8 space-y-4 p-5`}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="compose-heading" className="font-serif text-xl">
            Write a newsletter
          </h2>
          {posts.length > 0 ? (
            <Form method="get" className="flex items-end gap-2">
              <label className="text-xs">
                <span className="text-ink-soft mb-1 block font-medium">Start from a blog post</span>
                <select name="post" defaultValue={draft?.blogPostId ?? ""} className={adminInput}>
                  <option value="">Choose a post…</option>
                  {posts.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={adminButton.secondary}>
                Use this post
              </button>
            </Form>
          ) : null}
        </div>
        {/* A new draft (a chosen post) starts the editor afresh. */}
        <Form method="post" noValidate className="space-y-4" key={draft?.blogPostId ?? "new"}>
          <input type="hidden" name="blogPostId" value={draft?.blogPostId ?? ""} />
          <TextField label="Subject" name="subject" defaultValue={subject} error={errors.subject} maxLength={200} />
          <MarkdownEditor name="markdown" label="Message" defaultValue={markdown} error={errors.markdown} rows={12} />
          <Field label="" error={errors.confirmSend}>
            {(props) => (
              <label className="flex items-center gap-2 text-sm">
                <input {...props} type="checkbox" name="confirmSend" value="yes" className="accent-ink size-4" />
                Send to all {counts.active} confirmed {counts.active === 1 ? "subscriber" : "subscribers"} now
              </label>
            )}
          </Field>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="submit" name="intent" value="test" className={adminButton.secondary} disabled={!!busy}>
              {busy === "test" ? "Sending the test…" : "Send a test to myself"}
            </button>
            <button type="submit" name="intent" value="send" className={adminButton.primary} disabled={!!busy}>
              {busy === "send" ? "Sending…" : "Send newsletter"}
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="issues-heading" className="mb-8">
        <h2 id="issues-heading" className="mb-3 text-lg">
          Sent newsletters
        </h2>
        {issues.total === 0 ? (
          <EmptyState>No newsletter sent yet.</EmptyState>
        ) : (
          <div className="border-line overflow-x-auto rounded-lg border bg-white">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <thead className="text-muted border-line border-b text-xs">
                <tr>
                  <th className="px-3 py-2 font-normal">Subject</th>
                  <th className="px-3 py-2 font-normal">Started</th>
                  <th className="px-3 py-2 text-right font-normal">Recipients</th>
                  <th className="px-3 py-2 text-right font-normal">Waiting</th>
                  <th className="px-3 py-2 text-right font-normal">Sent</th>
                  <th className="px-3 py-2 text-right font-normal">Failed</th>
                </tr>
              </thead>
              <tbody className="divide-line divide-y">
                {issues.rows.map((i) => (
                  <tr key={i.id}>
                    <td className="px-3 py-2 font-medium">{i.subject}</td>
                    <td className="text-muted px-3 py-2 whitespace-nowrap">{i.createdAt}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{i.recipients}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{i.waiting}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{i.sent}</td>
                    <td className={`px-3 py-2 text-right tabular-nums ${i.failed ? "text-destructive" : ""}`}>
                      {i.failed}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {issues.total > loaderData.issuesPageSize ? (
          <Pager
            page={issues.page}
            pageSize={loaderData.issuesPageSize}
            total={issues.total}
            href={(page) => href({ issues: page > 1 ? String(page) : undefined })}
            items="newsletters"
          />
        ) : null}
      </section>

      <section aria-labelledby="subscribers-heading">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <h2 id="subscribers-heading" className="text-lg">
            Subscribers
          </h2>
          <a href={adminPaths.newsletterExport(exportQuery)} className={adminButton.secondary} download>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        </div>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-2" role="search">
          <label className="text-xs">
            <span className="text-ink-soft mb-1 block font-medium">Search subscribers</span>
            <input
              type="search"
              name="q"
              defaultValue={filter.q ?? ""}
              placeholder="name@example.com"
              className={adminInput}
            />
          </label>
          <label className="text-xs">
            <span className="text-ink-soft mb-1 block font-medium">Status</span>
            <select name="status" defaultValue={filter.status ?? ""} className={adminInput}>
              <option value="">All</option>
              {SUBSCRIBER_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={adminButton.secondary}>
            Search
          </button>
        </Form>
        {subscribers.total === 0 ? (
          <EmptyState>{filter.q || filter.status ? "No subscribers match." : "No subscribers yet."}</EmptyState>
        ) : (
          <div className="border-line overflow-x-auto rounded-lg border bg-white">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <thead className="text-muted border-line border-b text-xs">
                <tr>
                  <th className="px-3 py-2 font-normal">E-mail</th>
                  <th className="px-3 py-2 font-normal">Status</th>
                  <th className="px-3 py-2 font-normal">Source</th>
                  <th className="px-3 py-2 font-normal">Subscribed</th>
                </tr>
              </thead>
              <tbody className="divide-line divide-y">
                {subscribers.rows.map((s) => (
                  <tr key={s.id}>
                    <td className="px-3 py-2">{s.email}</td>
                    <td className="px-3 py-2">
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs ${
                          s.status === "confirmed"
                            ? "bg-available/10 text-available"
                            : s.status === "unconfirmed"
                              ? "bg-paper-deep text-ink-soft"
                              : "bg-paper-deep text-muted"
                        }`}
                      >
                        {STATUS_LABELS[s.status]}
                      </span>
                    </td>
                    <td className="text-muted px-3 py-2">{s.source}</td>
                    <td className="text-muted px-3 py-2 whitespace-nowrap">{s.createdAt}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          page={filter.page}
          pageSize={loaderData.pageSize}
          total={subscribers.total}
          href={(page) => href({ page: page > 1 ? String(page) : undefined })}
          items="subscribers"
        />
      </section>
      <p className="text-muted mt-6 text-sm">
        Every e-mail goes through the{" "}
        <Link to={adminPaths.outbox()} className="underline underline-offset-4">
          Outbox
        </Link>
        , where a failed one can be retried.
      </p>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
