// Newsletter (/admin/newsletter): write an issue in Markdown (or start from a blog post), preview it, send a
// test to yourself, then send it to every confirmed subscriber through the outbox; the issues sent with how
// many mails wait, went out or failed; and every subscriber, searched, filtered by status, paged, exported as
// CSV (docs/inquiries.md "Newsletter").
import { Download } from "lucide-react";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/newsletter";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, PageSection } from "~/components/admin/admin-page";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { FilterBar, statusSelect } from "~/components/admin/filter-bar";
import { Button, buttonClass } from "~/components/ui/button";
import { SubmitButton } from "~/components/ui/submit-button";
import { Panel } from "~/components/ui/card";
import { DataTable, type Column } from "~/components/ui/data-table";
import { CheckboxField, SelectField, TextField } from "~/components/ui/field";
import { StatusBadge, type Tone } from "~/components/ui/status-badge";
import { formState, type ActionResult } from "~/lib/action-result";
import { formatShortDateTime } from "~/lib/dates";
import { adminPaths } from "~/lib/admin-paths";
import { listQuery, withPage } from "~/lib/list-query";
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from "~/lib/newsletter";
import { CONFIRM_LINK_DAYS } from "~/lib/opt-in";
import { pageParam } from "~/lib/pagination";
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
import { readListQuery, readSubmission, refuse } from "~/modules/forms/submission.server";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { services } from "~/services.server";

export const meta: Route.MetaFunction = () => adminMeta("Newsletter");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const filter = readListQuery(request, SubscriberFilterSchema);
  const issuesPage = pageParam(params.get("issues"));
  const postId = params.get("post");
  const [subscribers, counts, issues, posts, post, tz] = await Promise.all([
    listSubscribers(filter),
    countSubscribers(),
    listIssues(issuesPage),
    listPostsForAdmin({ page: 1, status: "published" }),
    postId ? getPostForEditing(postId) : Promise.resolve(undefined),
    studioTimeZone(),
  ]);
  const publicUrl = services().config.publicUrl;
  return {
    filter,
    counts,
    subscribers: {
      total: subscribers.total,
      rows: subscribers.rows.map((s) => ({ ...s, createdAt: formatShortDateTime(s.createdAt, tz) })),
    },
    issues: {
      page: issuesPage,
      total: issues.total,
      rows: issues.rows.map((i) => ({
        ...i,
        createdAt: formatShortDateTime(i.createdAt, tz),
        sentAt: i.sentAt ? formatShortDateTime(i.sentAt, tz) : null,
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
    confirmDays: CONFIRM_LINK_DAYS,
  };
}

const SendForm = IssueSchema.extend({
  intent: z.enum(["test", "send"]),
  blogPostId: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  confirmSend: z.literal("yes").optional(),
}).refine((v) => v.intent !== "send" || v.confirmSend === "yes", {
  path: ["confirmSend"],
  message: "Tick this to send the newsletter to every subscriber.",
  // Said together with the other mistakes, not after they are fixed.
  when: () => true,
});

export async function action({ request }: Route.ActionArgs): Promise<ActionResult | ReturnType<typeof refuse>> {
  const context = await requireAdmin(request);
  const submission = await readSubmission(request, SendForm);
  if (!submission.ok) return refuse(submission.failure);
  const { intent, blogPostId, subject, markdown } = submission.value;
  if (intent === "test") {
    await sendTestIssue(context.user.email, { subject, markdown });
    return { ok: true, message: `A test is on its way to ${context.user.email}.` };
  }
  const { recipients } = await startIssue({ subject, markdown }, blogPostId);
  return {
    ok: true,
    message:
      recipients === 0
        ? "Saved, but nobody has confirmed a subscription yet: nothing was sent."
        : `Sending to ${recipients} ${recipients === 1 ? "subscriber" : "subscribers"}. The counts below follow it.`,
  };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not send the newsletter");
}

type IssueRow = Route.ComponentProps["loaderData"]["issues"]["rows"][number];
type SubscriberRow = Route.ComponentProps["loaderData"]["subscribers"]["rows"][number];

const ISSUE_COLUMNS: Column<IssueRow>[] = [
  { header: "Subject", className: "font-medium", cell: (i) => i.subject },
  { header: "Started", className: "text-muted whitespace-nowrap", cell: (i) => i.createdAt },
  { header: "Recipients", className: "text-right tabular-nums", cell: (i) => i.recipients },
  { header: "Waiting", className: "text-right tabular-nums", cell: (i) => i.waiting },
  { header: "Sent", className: "text-right tabular-nums", cell: (i) => i.sent },
  {
    header: "Failed",
    className: "text-right tabular-nums",
    cell: (i) => <span className={i.failed ? "text-destructive" : undefined}>{i.failed}</span>,
  },
];

const STATUS_TONES: Record<SubscriberStatus, Tone> = {
  confirmed: "success",
  unconfirmed: "neutral",
  expired: "warning",
  unsubscribed: "muted",
};

const SUBSCRIBER_COLUMNS: Column<SubscriberRow>[] = [
  { header: "E-mail", cell: (s) => s.email },
  {
    header: "Status",
    cell: (s) => <StatusBadge tone={STATUS_TONES[s.status]}>{SUBSCRIBER_STATUS_LABELS[s.status]}</StatusBadge>,
  },
  { header: "Source", className: "text-muted", cell: (s) => s.source },
  { header: "Subscribed", className: "text-muted whitespace-nowrap", cell: (s) => s.createdAt },
];

export default function Newsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, counts, subscribers, issues, posts, draft } = loaderData;
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const { fieldErrors: errors, values } = formState(actionData);
  const subject = values.subject ?? draft?.subject ?? "";
  const markdown = values.markdown ?? draft?.markdown ?? "";
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : undefined;
  const exportQuery = listQuery({ q: filter.q, status: filter.status });

  return (
    <>
      <AdminPageHeader
        title="Newsletter"
        description={`${counts.active} subscribed · ${counts.unconfirmed} waiting to confirm · ${counts.expired} whose link expired. Visitors subscribe in the site's footer and confirm by e-mail within ${loaderData.confirmDays} days (after that, they sign up again); every newsletter carries a one-click unsubscribe link.`}
      />

      <Panel
        title="Write a newsletter"
        actions={
          posts.length > 0 ? (
            <Form method="get" className="flex items-end gap-2">
              <SelectField
                label="Start from a blog post"
                name="post"
                defaultValue={draft?.blogPostId ?? ""}
                options={[
                  { value: "", label: "Choose a post…" },
                  ...posts.map((p) => ({ value: p.id, label: p.title })),
                ]}
              />
              <Button type="submit" variant="secondary" size="sm">
                Use this post
              </Button>
            </Form>
          ) : null
        }
        className="mb-8 space-y-4 p-5"
      >
        {/* A new draft (a chosen post) starts the editor afresh. */}
        <Form method="post" noValidate className="space-y-4" key={draft?.blogPostId ?? "new"}>
          <input type="hidden" name="blogPostId" value={draft?.blogPostId ?? ""} />
          <TextField label="Subject" name="subject" defaultValue={subject} error={errors.subject} maxLength={200} />
          <MarkdownEditor name="markdown" label="Message" defaultValue={markdown} error={errors.markdown} rows={12} />
          <CheckboxField
            name="confirmSend"
            value="yes"
            label={`Send to all ${counts.active} confirmed ${counts.active === 1 ? "subscriber" : "subscribers"} now`}
            error={errors.confirmSend}
          />
          <div className="flex flex-wrap justify-end gap-2">
            <SubmitButton intent="test" variant="secondary" size="sm" disabled={!!busy} busyLabel="Sending the test…">
              Send a test to myself
            </SubmitButton>
            <SubmitButton intent="send" size="sm" disabled={!!busy} busyLabel="Sending…">
              Send newsletter
            </SubmitButton>
          </div>
        </Form>
      </Panel>

      <PageSection title="Sent newsletters" className="mb-8">
        <DataTable
          caption="Newsletters sent, newest first"
          columns={ISSUE_COLUMNS}
          rows={issues.rows}
          rowKey={(i) => i.id}
          empty="No newsletter sent yet."
          pager={{
            page: issues.page,
            pageSize: loaderData.issuesPageSize,
            total: issues.total,
            href: (page) => adminPaths.newsletter(withPage(params, page, "issues")),
            items: "newsletters",
          }}
        />
      </PageSection>

      <PageSection
        title="Subscribers"
        actions={
          <a href={adminPaths.newsletterExport(exportQuery)} className={buttonClass("secondary", "sm")} download>
            <Download aria-hidden className="size-4" /> Export CSV
          </a>
        }
      >
        <FilterBar
          label="Search subscribers"
          placeholder="name@example.com"
          query={filter.q}
          selects={[statusSelect(SUBSCRIBER_STATUS_LABELS, filter.status, "All")]}
        />
        <DataTable
          caption="Subscribers, newest first"
          columns={SUBSCRIBER_COLUMNS}
          rows={subscribers.rows}
          rowKey={(s) => s.id}
          empty={filter.q || filter.status ? "No subscribers match." : "No subscribers yet."}
          pager={{
            page: filter.page,
            pageSize: loaderData.pageSize,
            total: subscribers.total,
            href: (page) => adminPaths.newsletter(withPage(params, page)),
            items: "subscribers",
          }}
        />
      </PageSection>
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
