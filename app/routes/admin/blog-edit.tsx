// A blog post's editor (/admin/blog/new and /admin/blog/{id}/edit): title, slug, excerpt, cover from the media
// library, the Markdown body with a server-rendered preview, and whether it is a draft, published or
// scheduled. Times are on the studio's clock (Settings › Shop › Studio time zone), like the rest of the back office.
import { ExternalLink } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { formState } from "~/lib/action-result";
import type { Route } from "./+types/blog-edit";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader, BackLink } from "~/components/admin/admin-page";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { MediaPicker } from "~/components/admin/content/media-picker";
import { buttonClass } from "~/components/ui/button";
import { cardClass } from "~/components/ui/card";
import { TextAreaField, TextField } from "~/components/ui/field";
import { ActionNotice } from "~/components/ui/notice";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminPaths } from "~/lib/admin-paths";
import { formText } from "~/lib/form-data";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/modules/auth/session.server";
import {
  createPost,
  effectiveStatus,
  getPostForEditing,
  PostError,
  PostInput,
  updatePost,
} from "~/modules/blog/blog.server";
import { resolvePublication } from "~/modules/blog/publication";
import { studioTimeZone } from "~/modules/settings/settings.server";
import { wallTimeOf } from "~/lib/dates";
import { getImagesByIds, toImageAsset } from "~/modules/media/media.server";
import { fieldErrorsOf, readFormData, refuse, refuseFields, typedValues } from "~/modules/forms/submission.server";
import { RadioChoices } from "~/components/ui/radio-choices";

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const saved = new URL(request.url).searchParams.get("saved") === "new";
  const [timeZone, post] = await Promise.all([
    studioTimeZone(),
    params.id ? getPostForEditing(params.id) : Promise.resolve(null),
  ]);
  if (!params.id) return { post: null, cover: null, state: "draft" as const, saved: false, timeZone };
  if (!post) throw data("Not found", { status: 404 });
  const asset = post.coverImageId ? (await getImagesByIds([post.coverImageId])).get(post.coverImageId) : undefined;
  return {
    post: {
      id: post.id,
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      body: post.body,
      status: post.status,
      // The "Publish at" field's value, on the studio's clock.
      publishAt: post.publishAt ? wallTimeOf(post.publishAt, timeZone) : "",
    },
    cover: asset ? { id: asset.id, originalName: asset.originalName, ...toImageAsset(asset) } : null,
    state: effectiveStatus(post),
    saved,
    timeZone,
  };
}

// The schema reads the post with its publication (status and time) worked out from the radio and the date.
export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const existing = params.id ? await getPostForEditing(params.id) : undefined;
  if (params.id && !existing) return refuse("This post no longer exists.", 404);
  const now = new Date();
  const publication = resolvePublication({
    choice: form.get("status"),
    at: form.get("publishAt"),
    timeZone: await studioTimeZone(),
    existing,
    now,
  });
  const parsed = PostInput.safeParse({
    title: form.get("title") ?? "",
    slug: form.get("slug") ?? "",
    excerpt: form.get("excerpt") ?? "",
    body: formText(form, "body"),
    coverImageId: form.get("coverImageId") ?? "",
    status: publication.ok ? publication.status : "draft",
    publishAt: publication.ok ? publication.publishAt : null,
  });
  const fieldErrors = {
    ...(parsed.success ? {} : fieldErrorsOf(parsed.error)),
    ...(publication.ok ? {} : publication.fieldErrors),
  };
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return refuseFields(fieldErrors, typedValues(form));
  try {
    if (!existing) {
      const created = await createPost(parsed.data, now);
      return redirect(adminPaths.editPost(created.id, "saved=new"));
    }
    await updatePost(existing.id, parsed.data, now);
  } catch (error) {
    if (!(error instanceof PostError)) throw error;
    return refuse({ ok: false, error: error.message, fieldErrors: { [error.field]: error.message } });
  }
  const state = effectiveStatus({ status: parsed.data.status, publishAt: parsed.data.publishAt }, now);
  return {
    ok: true as const,
    message:
      state === "published" ? "Saved and published." : state === "scheduled" ? "Saved and scheduled." : "Draft saved.",
  };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not save the post");
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.post ? `Edit “${loaderData.post.title}”` : "New post");

export default function BlogEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { post, cover, state, saved } = loaderData;
  const { fieldErrors: errors, field } = formState(actionData);
  const initialStatus = state === "published" ? "published" : state === "scheduled" ? "scheduled" : "draft";
  return (
    <>
      <BackLink to={adminPaths.blog()}>All posts</BackLink>
      <AdminPageHeader
        title={post ? "Edit post" : "New post"}
        actions={
          post && state === "published" ? (
            <Link to={paths.blogPost(post.slug)} className={buttonClass("secondary", "sm")}>
              <ExternalLink aria-hidden className="size-4" /> View on the site
            </Link>
          ) : null
        }
      />
      <ActionNotice className="mb-4 text-sm" message={saved ? "Post created." : null} />
      <Form method="post" noValidate className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className={`${cardClass} space-y-4 p-5 lg:col-span-2`}>
          <TextField label="Title" requiredMark {...field("title", post?.title)} maxLength={200} required />
          <MarkdownEditor
            name="body"
            label="Text"
            defaultValue={post?.body ?? ""}
            error={errors.body}
            allowImages
            rows={18}
          />
        </div>
        <div className="space-y-6">
          <div className={`${cardClass} space-y-3 p-5`}>
            <RadioChoices
              name="status"
              legend="Publishing"
              legendClassName="mb-3 font-serif text-lg"
              className="space-y-3"
              optionClassName="flex items-start gap-2 text-sm"
              options={[
                { value: "draft", label: "Draft", hint: "Only you can see it." },
                {
                  value: "published",
                  label: "Published",
                  hint: "On the journal now (or at the date below, if it is in the past).",
                },
                { value: "scheduled", label: "Scheduled", hint: "Goes public by itself at the date below." },
              ]}
              defaultValue={initialStatus}
              error={errors.status}
            />
            <TextField
              label={`Publish at (${loaderData.timeZone})`}
              {...field("publishAt", post?.publishAt ?? "")}
              hint="Empty means now."
              type="datetime-local"
            />
            <SubmitButton size="sm" className="w-full" busyLabel="Saving…">
              Save
            </SubmitButton>
          </div>
          <div className={`${cardClass} space-y-4 p-5`}>
            <MediaPicker
              name="coverImageId"
              label="Cover image"
              valueKind="id"
              initial={cover}
              error={errors.coverImageId}
            />
            <TextAreaField
              label="Excerpt"
              {...field("excerpt", post?.excerpt)}
              hint="A sentence or two for the journal's list, search engines and the feed."
              rows={4}
              maxLength={500}
            />
            <TextField
              label="Slug"
              {...field("slug", post?.slug)}
              hint="The post's address: /blog/your-slug. Empty makes one from the title."
              maxLength={100}
            />
          </div>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
