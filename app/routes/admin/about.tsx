// About Page (/admin/about): the biography in Markdown (rendered and sanitized on the server, previewed the
// same way), the artist statement, highlights with colours, and the CV in sections.
import { ExternalLink } from "lucide-react";
import { Form, Link } from "react-router";
import { formState } from "~/lib/action-result";
import type { Route } from "./+types/about";
import { reportAction } from "~/components/admin/action-result";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { CvEditor } from "~/components/admin/content/cv-editor";
import { GeneratedFields } from "~/components/admin/content/generated-form";
import { MarkdownEditor } from "~/components/admin/content/markdown-editor";
import { Panel } from "~/components/ui/card";
import { TextAreaField, TextField } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { adminPaths } from "~/lib/admin-paths";
import { formText } from "~/lib/form-data";
import { paths } from "~/lib/paths";
import { requireAdmin } from "~/modules/auth/session.server";
import { getPageContent, savePageContent } from "~/modules/content/content.server";
import { contentIssueMessage, describeSchema, formToContent } from "~/modules/content/section-form";
import { AboutContent, highlightColourErrors } from "~/modules/content/sections";
import { fieldErrorsOf, readFormData, refuseFields, typedValues } from "~/modules/forms/submission.server";

const highlightFields = () => describeSchema(AboutContent.pick({ highlights: true }));

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { content: await getPageContent("about"), highlightFields: highlightFields() };
}

/** The CV from `cv.{i}.heading` and `cv.{i}.entries` (one entry a line); empty sections are dropped. */
function readCv(form: FormData) {
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const match = /^cv\.(\d+)\./.exec(key);
    if (match) indexes.add(Number(match[1]));
  }
  return [...indexes]
    .sort((a, b) => a - b)
    .map((i) => ({
      heading: formText(form, `cv.${i}.heading`).trim(),
      entries: formText(form, `cv.${i}.entries`)
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    }))
    .filter((section) => section.heading || section.entries.length > 0);
}

// The page's fields are put together (the highlights' and the CV's rows) before the schema reads them.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  const form = await readFormData(request);
  const text = (name: string) => formText(form, name).trim();
  const highlights = formToContent(form, highlightFields());
  const parsed = AboutContent.safeParse({
    title: text("title") || undefined,
    biography: text("biography"),
    statement: text("statement"),
    ...highlights,
    cv: readCv(form),
  });
  const colours = highlightColourErrors(highlights);
  if (!parsed.success || Object.keys(colours).length)
    return refuseFields(
      { ...colours, ...(parsed.success ? {} : fieldErrorsOf(parsed.error, contentIssueMessage)) },
      typedValues(form),
    );
  await savePageContent("about", parsed.data);
  return { ok: true as const, message: "Saved. The about page shows it now." };
}

export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return reportAction(() => serverAction(), "Could not save the about page");
}

export const meta: Route.MetaFunction = () => adminMeta("About Page");

export default function AboutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { content } = loaderData;
  const { fieldErrors: errors, field } = formState(actionData);
  return (
    <>
      <AdminPageHeader
        title="About Page"
        description={
          <>
            The artist's story on{" "}
            <Link to={paths.about()} className="underline underline-offset-4">
              {paths.about()}
            </Link>
            . Its portrait and studio photos are in{" "}
            <Link to={adminPaths.managePhotos()} className="underline underline-offset-4">
              the photo list
            </Link>
            .
          </>
        }
        link={{ to: paths.about(), label: "View the page", icon: ExternalLink, variant: "secondary" }}
      />
      <Form method="post" noValidate className="space-y-6">
        <Panel title="Page text" className="space-y-4 p-5">
          <TextField label="Page title" {...field("title", content.title)} maxLength={160} />
          <MarkdownEditor
            name="biography"
            label="Biography"
            defaultValue={content.biography}
            error={errors.biography}
            rows={12}
            hint="Markdown. The first paragraph is set larger, as the lead."
          />
          <TextAreaField
            label="Artist statement"
            {...field("statement", content.statement)}
            hint="Shown as a quotation under the biography."
            rows={4}
            maxLength={4000}
          />
        </Panel>
        <Panel title="Highlights" className="space-y-3 p-5">
          <GeneratedFields
            fields={loaderData.highlightFields}
            values={{ highlights: content.highlights }}
            errors={errors}
            images={{}}
            idPrefix="about"
          />
        </Panel>
        <Panel title="Curriculum vitae">
          <p className="text-muted mb-3 text-sm">Sections such as Solo exhibitions or Education; one entry a line.</p>
          <CvEditor sections={content.cv} errors={errors} />
        </Panel>
        <div className="flex justify-end">
          <SubmitButton size="sm" busyLabel="Saving…">
            Save the about page
          </SubmitButton>
        </div>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
