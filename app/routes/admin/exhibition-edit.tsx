// An exhibition's form, new or existing: title, venue, place, dates (the end not before the start), kind,
// description, link, the works shown (picked from the catalogue) and whether the About page shows it.
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/exhibition-edit";
import { AdminPageError } from "~/components/admin/admin-error";
import { adminMeta } from "~/components/admin/admin-meta";
import { AdminPageHeader } from "~/components/admin/admin-page";
import { findOr404 } from "~/components/admin/find-or-404";
import { Button } from "~/components/ui/button";
import {
  CheckboxField,
  FormErrorSummary,
  labelOptions,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/field";
import { formState } from "~/lib/action-result";
import { requireAdmin } from "~/modules/auth/session.server";
import { listArtworkTitles } from "~/modules/catalog/catalog.server";
import { EXHIBITION_TYPE_LABELS, ExhibitionFormSchema } from "~/modules/exhibitions/exhibition-rules";
import { createExhibition, getExhibition, updateExhibition } from "~/modules/exhibitions/exhibitions.server";
import { readSubmission, refuse } from "~/modules/forms/submission.server";
import { adminPaths } from "~/lib/admin-paths";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  adminMeta(loaderData?.exhibition ? `Edit ${loaderData.exhibition.title}` : "New exhibition");

const load = async (id: string | undefined) =>
  id === undefined ? undefined : findOr404(id, getExhibition, "Exhibition not found");

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [exhibition, artworks] = await Promise.all([load(params.id), listArtworkTitles()]);
  return {
    exhibition: exhibition
      ? {
          id: exhibition.id,
          title: exhibition.title,
          venue: exhibition.venue,
          city: exhibition.city,
          country: exhibition.country,
          startDate: exhibition.startDate,
          endDate: exhibition.endDate,
          type: exhibition.type,
          description: exhibition.description,
          link: exhibition.link ?? "",
          published: exhibition.published,
          artworkIds: exhibition.artworkIds,
        }
      : null,
    artworks: artworks.map((a) => ({ id: a.id, label: a.year ? `${a.title} (${a.year})` : a.title })),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireAdmin(request);
  const existing = await load(params.id);
  const submission = await readSubmission(request, ExhibitionFormSchema);
  if (!submission.ok) {
    const { fieldErrors = {}, values = {} } = submission.failure;
    return refuse({
      ...submission.failure,
      // "artworkIds.3" and the like are one field on the form.
      fieldErrors: Object.fromEntries(
        Object.entries(fieldErrors).map(([k, v]) => [k.startsWith("artworkIds") ? "artworkIds" : k, v]),
      ),
      // Every ticked work, not only the first, so the form comes back as it was sent.
      values: {
        ...values,
        artworkIds: submission.form
          .getAll("artworkIds")
          .filter((v) => typeof v === "string")
          .join(","),
      },
    });
  }
  if (existing) {
    const saved = await updateExhibition(existing.id, submission.value);
    if (!saved) throw data("Exhibition not found", { status: 404 });
  } else await createExhibition(submission.value);
  return redirect(adminPaths.exhibitions());
}

const TYPE_OPTIONS = labelOptions(EXHIBITION_TYPE_LABELS);

export default function Page({ loaderData, actionData }: Route.ComponentProps) {
  const { exhibition, artworks } = loaderData;
  const busy = useNavigation().state === "submitting";
  // After a refusal the form shows what was sent; before, the exhibition as saved.
  const { fieldErrors: errors, values, field } = formState(actionData);
  const typed = actionData && !actionData.ok ? values : undefined;
  const chosen = new Set<string>(typed ? (typed.artworkIds?.split(",") ?? []) : (exhibition?.artworkIds ?? []));
  const published = typed ? typed.published === "on" : (exhibition?.published ?? false);
  return (
    <>
      <AdminPageHeader
        title={exhibition ? `Edit “${exhibition.title}”` : "New exhibition"}
        actions={
          <Link to={adminPaths.exhibitions()} className="text-ink-soft text-sm underline-offset-4 hover:underline">
            All exhibitions
          </Link>
        }
      />
      <div className="mb-6 max-w-3xl empty:hidden">
        <FormErrorSummary errors={errors} />
      </div>
      <Form method="post" noValidate className="max-w-3xl space-y-6" aria-label="Exhibition">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Title" required {...field("title", exhibition?.title)} />
          <SelectField label="Kind" options={TYPE_OPTIONS} {...field("type", exhibition?.type ?? "solo")} />
          <TextField label="Venue" required {...field("venue", exhibition?.venue)} />
          <div className="grid grid-cols-[1fr_7rem] gap-3">
            <TextField label="City" optional {...field("city", exhibition?.city)} />
            <TextField
              label="Country"
              optional
              hint="e.g. US"
              maxLength={2}
              {...field("country", exhibition?.country)}
            />
          </div>
          <TextField label="Start date" type="date" required {...field("startDate", exhibition?.startDate)} />
          <TextField label="End date" type="date" required {...field("endDate", exhibition?.endDate)} />
        </div>
        <TextAreaField label="Description" optional rows={4} {...field("description", exhibition?.description)} />
        <TextField
          label="Link"
          optional
          type="url"
          hint="The venue's or the exhibition's page"
          {...field("link", exhibition?.link)}
        />
        <fieldset>
          <legend className="text-ink-soft mb-1 block text-xs font-medium">
            Works shown <span className="text-muted font-normal">(optional)</span>
          </legend>
          {artworks.length === 0 ? (
            <p className="text-muted text-sm">The catalogue has no works yet.</p>
          ) : (
            <div className="border-line grid max-h-72 gap-1 overflow-y-auto rounded-md border bg-white p-3 sm:grid-cols-2">
              {artworks.map((a) => (
                <CheckboxField
                  key={a.id}
                  name="artworkIds"
                  value={a.id}
                  label={a.label}
                  defaultChecked={chosen.has(a.id)}
                />
              ))}
            </div>
          )}
          {errors.artworkIds ? <p className="text-destructive mt-1 text-xs">{errors.artworkIds}</p> : null}
        </fieldset>
        <CheckboxField name="published" label="Published: show it on the About page" defaultChecked={published} />
        <Button type="submit" size="sm" disabled={busy}>
          {exhibition ? "Save exhibition" : "Create exhibition"}
        </Button>
      </Form>
    </>
  );
}

export const ErrorBoundary = AdminPageError;
